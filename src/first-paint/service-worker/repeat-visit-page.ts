/**
 * The copy of a public page the service worker keeps for repeat visits. The page as built lists every module it
 * hydrates with as `<link rel="modulepreload">`, which on a first visit fetches them over the network in parallel
 * (they arrive after the first paint). On a repeat visit they are all in the HTTP cache: they arrive at once, and
 * fetching and compiling about fifteen modules took the renderer ~50 ms before it painted (Slow 4G + 4× CPU, copies
 * of /privacy served from the HTTP cache: 224–244 → 164–188 ms without them). The kept copy leaves them out: the entry
 * script still loads, and after the first paint it imports the rest (Vite preloads a dynamic import's chunks then),
 * each a cache hit. The saved guide page leaves out its imports' preloads too (first-paint/guide/saved-page.ts).
 */
const MODULE_PRELOAD = /<link\b[^>]*\brel=["']?modulepreload\b[^>]*>\s*/gi;

/** The page without its module preloads; everything else byte for byte. */
export function pageForRepeatVisits(html: string): string {
  return html.replace(MODULE_PRELOAD, '');
}
