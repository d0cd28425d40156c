/**
 * The request target as Kong (nginx) sees it before any route matches: dot-segments resolved (`.`, `..` and
 * their percent-encoded spellings, backslashes read as slashes, as browsers and WHATWG URL parsing do),
 * percent-encoded unreserved characters decoded, repeated slashes merged. The gateway routes, checks the
 * apikey and forwards on this one form, so the path a service serves is the path that was checked.
 */

export interface RequestTarget {
  pathname: string;
  /** '' or '?…', as sent. */
  search: string;
  /**
   * The path still carries an encoded `/`, `\`, NUL or a double-encoded `.`, `/` or `\` (`%2f`, `%5c`,
   * `%00`, `%252e`, …): a traversal that a service decoding once more would see. Such a path is never one
   * of the routes Supabase leaves open without an apikey.
   */
  encodedTraversal: boolean;
}

const unreservedEscape = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2[DE]|5F|7E)/gi;
const encodedTraversalPattern = /%(2f|5c|00)|%25(2e|2f|5c|00)/i;

function decodeUnreserved(pathname: string): string {
  return pathname.replace(unreservedEscape, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
}

function resolve(pathname: string): string {
  // WHATWG URL parsing resolves `.`/`..` segments, including `%2e` spellings and backslashes.
  return new URL(`http://gateway${pathname.startsWith('/') ? '' : '/'}${pathname}`).pathname.replace(/\/{2,}/g, '/');
}

/** The normalised target of `rawUrl` (origin-form `/a/b?c` or absolute-form `http://host/a/b?c`); null if unusable. */
export function normaliseRequestTarget(rawUrl: string): RequestTarget | null {
  let parsed: URL;
  try {
    if (rawUrl.startsWith('/')) {
      // Slashes are merged before dot-segments are resolved, as nginx does (and `//evil/x` is not read as a host).
      const queryAt = rawUrl.indexOf('?');
      const rawPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
      parsed = new URL(`http://gateway${rawPath.replace(/\/{2,}/g, '/')}${queryAt === -1 ? '' : rawUrl.slice(queryAt)}`);
    } else if (/^https?:\/\//i.test(rawUrl)) {
      parsed = new URL(rawUrl);
    } else {
      return null;
    }
  } catch {
    return null;
  }
  let pathname = parsed.pathname.replace(/\/{2,}/g, '/');
  // Decoding can make new dot-segments (`%2e%2e` inside a path already resolved once): repeat until stable.
  for (let round = 0; round < 4; round++) {
    const next = resolve(decodeUnreserved(pathname));
    if (next === pathname) break;
    pathname = next;
  }
  return { pathname, search: parsed.search, encodedTraversal: encodedTraversalPattern.test(pathname) };
}
