/// <reference lib="webworker" />
/**
 * The service worker's part for the public pages (made at build time, one file per page and language) and the
 * dashboard's shell:
 *
 * - Once a page is live it sends `roomguide:cache-page` (src/first-paint/app/page-cache-client.ts): the worker stores that page's
 *   HTML in the visitor's language under the page's own path, with the /assets/ files it uses. A public page is kept
 *   without its module preloads, which would hold a repeat visit's first paint back (repeat-visit-page.ts).
 * - Static routes (Chromium's service-worker static routing) serve those paths straight from the cache, so a repeat
 *   visit paints without waiting for the worker to start; a path not stored goes to the network. /assets/ files come
 *   from the network (the HTTP cache), not through the worker's fetch handler, except the precached ones (the guide's).
 * - Without static routing (other browsers) or for paths it cannot list (the 404 page), the worker's navigation
 *   handler serves the stored page, else the network, else (offline) the app shell.
 * - A new version of the worker (a new build) refreshes every stored page, so stored HTML never points at files
 *   of an older build; a change of language refreshes them in the new language.
 */
import { appShellPageFor, appShellPaths, pageCacheKey, prerenderedFile, publicPageFor, publicPages } from '../app/public-pages';
import { isSupportedLanguage, type Language } from '../../lib/languages';
import { pageForRepeatVisits } from './repeat-visit-page';
import type { RouterRule } from './static-routes';
import { ASSETS_CACHE, CACHE_PAGE_MESSAGE, PAGE_LANGUAGE_HEADER, PAGES_CACHE, type CachePageMessage } from '../contract';

declare const self: ServiceWorkerGlobalScope;

/** Where the current HTML for a stored path comes from. */
function sourceUrl(path: string, language: Language): string | null {
  const page = appShellPageFor(path) ?? publicPageFor(path);
  return page ? prerenderedFile(page, language) : null;
}

function assetsIn(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
}

async function storeAssets(paths: string[]): Promise<void> {
  const cache = await caches.open(ASSETS_CACHE);
  await Promise.all(
    [...new Set(paths)].map(async (path) => {
      if (await caches.match(path)) return; // already here (this cache or the precache)
      const response = await fetch(path);
      if (response.ok) await cache.put(path, response);
    }),
  );
}

async function storePage(key: string, path: string, language: Language): Promise<string[]> {
  const url = sourceUrl(path, language);
  if (!url) return [];
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) return [];
  const html = await response.text();
  // The dashboard's shell keeps its preloads: its live list needs the app's code as soon as possible.
  const kept = appShellPageFor(path) ? html : pageForRepeatVisits(html);
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(key, new Response(kept, { headers: { 'content-type': 'text/html; charset=utf-8', [PAGE_LANGUAGE_HEADER]: language } }));
  return assetsIn(html);
}

async function storedPages(): Promise<{ key: string; language: Language }[]> {
  const cache = await caches.open(PAGES_CACHE);
  const entries = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const language = (await cache.match(request))?.headers.get(PAGE_LANGUAGE_HEADER);
      return { key: new URL(request.url).pathname, language: isSupportedLanguage(language) ? language : 'en' };
    }),
  );
  return entries;
}

/** The stored path for a key (`/pages/404` stands for every unknown path). */
const pathForKey = (key: string) => (key.startsWith('/pages/') ? '/404' : key);

async function refreshStoredPages(language?: Language): Promise<void> {
  const assets: string[] = [];
  for (const entry of await storedPages()) {
    try {
      assets.push(...(await storePage(entry.key, pathForKey(entry.key), language ?? entry.language)));
    } catch {
      // offline: keep the copy we have
    }
  }
  await storeAssets(assets);
}

async function cachePage({ path, language, assets }: CachePageMessage): Promise<void> {
  const key = pageCacheKey(path);
  if (!key || !isSupportedLanguage(language)) return;
  const stored = await storedPages();
  const current = stored.find((entry) => entry.key === key);
  const pageAssets = current?.language === language ? [] : await storePage(key, path, language);
  await storeAssets([...assets, ...pageAssets]);
  // The visitor changed language: the other stored pages follow.
  if (stored.some((entry) => entry.key !== key && entry.language !== language)) await refreshStoredPages(language);
}

/** The worker's navigation handler for every path outside the guide. */
export async function handleAppNavigation(request: Request, appShell: () => Promise<Response>): Promise<Response> {
  const key = pageCacheKey(new URL(request.url).pathname);
  if (key === null || appShellPaths.includes(key)) return appShell();
  const stored = await caches.match(key, { cacheName: PAGES_CACHE });
  if (stored) return stored;
  try {
    return await fetch(request);
  } catch {
    return appShell(); // offline and never seen: the app renders it
  }
}

/**
 * Static routes (static-routes.ts) for the stored public pages and /assets/: `precachedAssets` (paths such as
 * `/assets/react-x.js`) stay with the worker, the rest comes from the network and its HTTP cache.
 */
export function publicPageRoutes(precachedAssets: readonly string[]): RouterRule[] {
  const pagePaths = [...publicPages.flatMap((page) => (page.path ? [page.path] : [])), ...appShellPaths];
  return [
    ...pagePaths.map((pathname): RouterRule => ({ condition: { urlPattern: { pathname }, requestMode: 'navigate' }, source: { cacheName: PAGES_CACHE } })),
    // The precached files (the guest guide's, which its offline reopen needs) go to the worker and its precache.
    ...precachedAssets.map((pathname): RouterRule => ({ condition: { urlPattern: { pathname } }, source: 'fetch-event' })),
    // Every other hashed build file comes from the network, i.e. the HTTP cache (a year's lifetime), without the
    // worker. Chromium starts the worker alongside a navigation even when a rule above serves it, so the former
    // condition "while the worker is not running" never matched a page's files: each went through the fetch handler,
    // which held a repeat visit's paint back (tests/bench/pages.ts, login repeat 592 → 288 ms on the loaded 2-core
    // machine). A cache source would not do: the worker's cache holds only the files it has been told about.
    { condition: { urlPattern: { pathname: '/assets/*' } }, source: 'network' },
  ];
}

/** Keeps the stored pages current (new build, new language) and stores the pages the app asks for. */
export function registerPublicPages(): void {
  self.addEventListener('activate', (event) => event.waitUntil(refreshStoredPages()));
  self.addEventListener('message', (event) => {
    const data = event.data as Partial<CachePageMessage> | null;
    if (data?.type === CACHE_PAGE_MESSAGE && typeof data.path === 'string') {
      event.waitUntil(
        cachePage({
          type: data.type,
          path: data.path,
          language: data.language as Language,
          assets: Array.isArray(data.assets) ? data.assets.filter((a) => typeof a === 'string' && a.startsWith('/assets/')) : [],
        }),
      );
    }
  });
}
