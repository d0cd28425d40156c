/** Pure rules of Storage: Range requests and bucket MIME type lists. */

/**
 * One `Range: bytes=…` interval (what browsers send for media and resumed downloads); null means the whole
 * file (no header, or several ranges, which are answered with the full body as HTTP allows).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Storage's validateMimeType: exact types or `type/*` wildcards; parameters (`;charset=…`) ignored. */
export function mimeTypeAllowed(contentType: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type = ''] = contentType.toLowerCase().split(';');
  const mime = type.trim();
  return allowed.some((pattern) => {
    const normalized = pattern.toLowerCase().trim();
    if (normalized.endsWith('/*')) return mime.startsWith(normalized.slice(0, -1));
    return mime === normalized;
  });
}

/**
 * Storage's isValidKey (src/storage/limits.ts): S3's safe characters plus the few it handles specially. Anything
 * else (a control character, a backslash, `%`, `#`, non-ASCII) is refused with InvalidKey, on upload, move, copy
 * and every other route that names an object.
 */
const validKey = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export function isValidObjectKey(key: string): boolean {
  return key.length > 0 && validKey.test(key);
}
