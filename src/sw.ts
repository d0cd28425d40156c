/// <reference lib="webworker" />
/**
 * RoomGuide's service worker (vite-plugin-pwa `injectManifest`; options and the precache list in pwa.config.ts).
 *
 * - Precache: the guest guide's shell (guide.html, its JavaScript and CSS, the on-demand WiFi QR chunk), the
 *   app's index.html and the icons. The dashboard's chunks are not precached: a guest on mobile data should not
 *   download the host screens; they are cached as they are used.
 * - Navigations: /guide/* → the precached guide.html, so any guide opens instantly and offline; it then shows
 *   the saved copy or a clear "not saved yet" message. Public pages → the copy stored after the visitor's last
 *   visit (prerendered HTML in their language, served by static routes without starting the worker), else the
 *   network; signed-in screens → the precached index.html (SPA).
 * - get_guide (GET): network first with a short timeout, else the saved copy, marked with its saved-at header so
 *   the page can say it is a saved copy.
 * - Public storage images (room photos): cache first, bounded.
 * - New versions take over at once (skipWaiting + clientsClaim). Open pages keep their loaded code; a page that
 *   later misses an old chunk shows a reload button (see wifi-qr.tsx) instead of breaking.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { GUIDE_DATA_CACHE, GUIDE_IMAGE_CACHE, stampSavedCopy } from './features/guide/api/guide-cache';
import { guideIdFromPath } from './features/guide/guide-id';
import { pickLanguage, readLanguageForServiceWorker } from './features/guide/lib/language';
import { normalizeGuide } from './features/guide/lib/normalize-guide';
import { prerenderGuideHtml } from './features/guide/prerender-html';
import { handleAppNavigation, registerPublicPages } from './service-worker/public-pages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const guideShell = createHandlerBoundToURL('/guide.html');

/** The saved get_guide answer for this id, whatever API URL it was saved under. */
async function savedGuide(id: string) {
  const cache = await caches.open(GUIDE_DATA_CACHE);
  for (const request of await cache.keys()) {
    if (new URL(request.url).searchParams.get('qr_id') !== id) continue;
    const response = await cache.match(request);
    return response ? normalizeGuide(await response.json()) : null;
  }
  return null;
}

/**
 * /guide/<id>: the precached guide.html, with the guide already rendered into it when it is saved on this device,
 * so a reopened guide paints before its script runs (the page then hydrates it and refreshes it from the network).
 */
registerRoute(
  new NavigationRoute(
    async (options) => {
      const shell = await guideShell(options);
      const id = guideIdFromPath(options.url.pathname);
      if (!id || !shell.ok) return shell;
      try {
        const guide = await savedGuide(id.toLowerCase());
        if (!guide) return shell;
        const language = pickLanguage(await readLanguageForServiceWorker(), self.navigator.languages ?? []);
        const html = prerenderGuideHtml(await shell.clone().text(), { id, guide, language });
        if (!html) return shell;
        return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
      } catch {
        return shell; // never worse than the plain shell
      }
    },
    { allowlist: [/^\/guide(\/|$)/] },
  ),
);
// Everything else: the public pages as stored on this device (in the visitor's language), else the network; the
// signed-in screens and, offline, any page never seen: the precached index.html (src/service-worker/public-pages.ts).
const appShell = createHandlerBoundToURL('/index.html');
registerPublicPages();
registerRoute(new NavigationRoute((options) => handleAppNavigation(options.request, () => appShell(options)), { denylist: [/^\/guide(\/|$)/] }));

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

// The app's own hashed files that are not precached (dashboard chunks, their locale chunks): cached once used.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({
    cacheName: 'roomguide-assets',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
  }),
);

// Plain files from public/ that are not precached (e.g. robots.txt or images added later).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.destination === 'image',
  new StaleWhileRevalidate({ cacheName: 'roomguide-static', plugins: [new ExpirationPlugin({ maxEntries: 40 })] }),
);
