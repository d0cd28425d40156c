/// <reference lib="webworker" />
/**
 * RoomGuide's service worker (vite-plugin-pwa `injectManifest`; options and the precache list in pwa.config.ts).
 *
 * - Precache: the guest guide's shell (guide.html, its JavaScript and CSS, the on-demand WiFi QR chunk), the
 *   app's index.html and the icons. The dashboard's chunks are not precached: a guest on mobile data should not
 *   download the host screens; they are cached as they are used.
 * - Navigations: /guide/<id> → the page saved for that guide on its last opening (api/saved-page.ts: guide.html
 *   with the guide already painted in it), else the precached guide.html, so any guide opens instantly and
 *   offline; it then shows the saved copy or a clear "not saved yet" message. Public pages → the copy stored after
 *   the visitor's last visit (prerendered HTML in their language), else the network; signed-in screens → the
 *   precached index.html (SPA). Chromium serves stored public pages itself (static routing,
 *   src/first-paint/service-worker/static-routes.ts) without waiting for the worker to start; a guide opened while the worker is
 *   stopped races the network against the worker's answer (below).
 * - get_guide (GET): network first with a short timeout, else the saved copy, marked with its saved-at header so
 *   the page can say it is a saved copy.
 * - Public storage images (room photos): cache first, bounded.
 * - New versions take over at once (skipWaiting + clientsClaim). Open pages keep their loaded code; a page that
 *   later misses an old chunk shows a reload button (see wifi-qr.tsx) instead of breaking.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { GUIDE_SHELL_URL, entryScriptOf, stampSavedCopy } from './features/guide/api/guide-cache';
import { GUIDE_PATH_PREFIX, GUIDE_PATHS, guideIdFromPath, guidePath } from './lib/guide-url';
import { handleAppNavigation, publicPageRoutes, registerPublicPages } from './first-paint/service-worker/public-pages';
import { addStaticRoutes, type RouterRule } from './first-paint/service-worker/static-routes';
import { ASSETS_CACHE, GUIDE_DATA_CACHE, GUIDE_IMAGE_CACHE, GUIDE_PAGES_CACHE, RETIRED_CACHES, STATIC_CACHE } from './first-paint/contract';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

self.skipWaiting();
clientsClaim();

// The one place the build injects the precache list (workbox allows a single injection point).
const precacheManifest = self.__WB_MANIFEST;
precacheAndRoute(precacheManifest);
cleanupOutdatedCaches();

const guideShell = createHandlerBoundToURL(GUIDE_SHELL_URL);

/** The page saved for this guide when it was last open on this device (api/saved-page.ts). */
async function savedGuidePage(pathname: string): Promise<Response | undefined> {
  const id = guideIdFromPath(pathname);
  return id ? caches.match(guidePath(id), { cacheName: GUIDE_PAGES_CACHE }) : undefined;
}

registerRoute(new NavigationRoute(async (options) => (await savedGuidePage(options.url.pathname)) ?? guideShell(options), { allowlist: [GUIDE_PATHS] }));
// Everything else: the public pages as stored on this device (in the visitor's language), else the network; the
// signed-in screens and, offline, any page never seen: the precached index.html (src/first-paint/service-worker/public-pages.ts).
const appShell = createHandlerBoundToURL('/index.html');
registerPublicPages();
registerRoute(new NavigationRoute((options) => handleAppNavigation(options.request, () => appShell(options)), { denylist: [GUIDE_PATHS] }));

// A guide opened while the worker is stopped (the usual case: it stops when idle): Chromium sends the request to the
// network at once and starts the worker alongside; the first answer wins. On a slow connection that is the worker's
// saved page; offline the network fails and the worker answers, also for a guide never saved on this device ("not
// saved yet" message). The saved pages' cache as the source is a little faster for a saved guide (worker stopped,
// Slow 4G + 4× CPU: 140 ms against 154 ms in 12 alternated runs, 166 against 172 ms in 8 runs before), but a guide
// not in it falls through to the network: offline, the browser's error page. (Rules for the page's files and photo
// were tried: Chromium starts the worker alongside such a navigation, so they never matched.)
const guideWhileStoppedRoute: RouterRule = {
  condition: { urlPattern: { pathname: `${GUIDE_PATH_PREFIX}*` }, requestMode: 'navigate', runningStatus: 'not-running' },
  source: 'race-network-and-fetch-handler',
};
// The precached build files (the guide's) stay with the worker; the app's other files bypass it (public-pages.ts).
const precachedAssets = precacheManifest
  .map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).pathname)
  .filter((pathname) => pathname.startsWith('/assets/'));
addStaticRoutes([guideWhileStoppedRoute, ...publicPageRoutes(precachedAssets)]);

/** Saved pages from an older build name files this one no longer has: they go, and the next opening saves anew. */
async function dropOutdatedGuidePages(): Promise<void> {
  const shell = await matchPrecache(GUIDE_SHELL_URL);
  const entry = shell ? entryScriptOf(await shell.text()) : null;
  const cache = await caches.open(GUIDE_PAGES_CACHE);
  for (const request of await cache.keys()) {
    const page = await cache.match(request);
    if (!entry || !page || entryScriptOf(await page.text()) !== entry) await cache.delete(request);
  }
}

self.addEventListener('activate', (event) => {
  // Retired: the language mirror of builds that rendered saved guides in the worker.
  event.waitUntil(Promise.all([dropOutdatedGuidePages(), ...RETIRED_CACHES.map((name) => caches.delete(name))]));
});

/** Saves only real guides (get_guide answers `null` for an unknown id), stamped with the time they were saved. */
const saveGuidePlugin: WorkboxPlugin = {
  async cacheWillUpdate({ response }) {
    if (response.status !== 200) return null;
    const text = await response.clone().text();
    if (text.trim() === 'null' || text.trim() === '') return null;
    return stampSavedCopy(response);
  },
};

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.endsWith('/rest/v1/rpc/get_guide'),
  new NetworkFirst({
    cacheName: GUIDE_DATA_CACHE,
    // On a weak connection the guest sees the saved copy after 4 s instead of waiting for a timeout.
    networkTimeoutSeconds: 4,
    plugins: [saveGuidePlugin, new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 180 * 24 * 60 * 60 })],
  }),
);

registerRoute(
  ({ url, request }) => request.destination === 'image' && url.pathname.includes('/storage/v1/object/public/'),
  new CacheFirst({
    cacheName: GUIDE_IMAGE_CACHE,
    plugins: [
      // 200 only: the guide requests photos with CORS, so nothing opaque (and quota-hungry) is stored.
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The app's own hashed files that are not precached (dashboard chunks, their locale chunks): cached once used. In
// Chromium a static route sends them to the network (HTTP cache) without this handler (service-worker/public-pages.ts).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

// Plain files from public/ that are not precached (e.g. robots.txt or images added later).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.destination === 'image',
  new StaleWhileRevalidate({ cacheName: STATIC_CACHE, plugins: [new ExpirationPlugin({ maxEntries: 40 })] }),
);
