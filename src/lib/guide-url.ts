/**
 * The guest guide's address, written once: `/guide/<id>`. The QR codes encode it, the build serves guide.html for
 * it (pwa.config.ts), the service worker routes it, guide.html's first script reads the room from it, and the tests
 * open it. No imports: the Vite config and guide.html's inline script use it as well.
 */

/** The guide's path prefix; also the service worker's static route pattern (`/guide/*`). */
export const GUIDE_PATH_PREFIX = '/guide/';

/** Every path the guide entry answers: `/guide` and everything under it. */
export const GUIDE_PATHS = /^\/guide(?:\/|$)/;

/** One guide: `/guide/<id>`, optionally with a trailing slash; group 1 is the id as it appears in the path. */
export const GUIDE_PATH = /^\/guide\/([^/?#]+)\/?$/;

/** `/guide/<id>` for a room's id. */
export function guidePath(guideId: string): string {
  return `${GUIDE_PATH_PREFIX}${encodeURIComponent(guideId)}`;
}

/** The absolute guide URL a room's QR code encodes: `{origin}/guide/{id}`. */
export function guideUrl(origin: string, guideId: string): string {
  return `${origin.replace(/\/+$/, '')}${guidePath(guideId)}`;
}

/** `/guide/<id>` → the id; undefined when the path names no guide. */
export function guideIdFromPath(pathname: string): string | undefined {
  const match = GUIDE_PATH.exec(pathname);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]).trim() || undefined;
  } catch {
    return undefined;
  }
}
