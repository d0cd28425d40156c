/**
 * What the service worker keeps of a public page's HTML (made at build time) for the next visit.
 *
 * The network copy preloads the app's modules from `<head>`, so that on a first visit they download while the page
 * paints. On a repeat visit they are already in the HTTP cache, and the preloads only cost: the browser issues the
 * ~20 requests on the main thread while it commits the navigation, before it parses anything (a traced repeat visit
 * of /login at 4× CPU: ~100 ms). Without them the kept page paints first, and src/main.tsx then imports the app,
 * whose chunks the build's preload helper requests in parallel from the same cache.
 */
export function pageHtmlToKeep(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, '');
}
