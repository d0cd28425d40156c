/** `/guide/<id>` (optionally with a trailing slash or query) → the id; undefined when the path has none. */
export function guideIdFromPath(pathname: string): string | undefined {
  const match = /^\/guide\/([^/?#]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]).trim() || undefined;
  } catch {
    return undefined;
  }
}
