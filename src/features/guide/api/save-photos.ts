import { GUIDE_IMAGE_CACHE } from '@/first-paint/contract';
/**
 * Keeps the guide's photos for offline use. On a first visit the service worker does not control the page yet,
 * so its image cache never sees the photo request; the page stores the photos itself, in the cache the service
 * worker reads (CacheFirst). Requests use CORS, like the page's <img crossorigin>, so nothing opaque is stored.
 */

export async function savePhotosForOffline(urls: readonly string[]): Promise<void> {
  if (typeof caches === 'undefined' || urls.length === 0) return;
  try {
    const cache = await caches.open(GUIDE_IMAGE_CACHE);
    await Promise.all(
      urls.map(async (url) => {
        if (await cache.match(url)) return;
        const response = await fetch(url, { mode: 'cors', credentials: 'omit' });
        if (response.ok) await cache.put(url, response);
      }),
    );
  } catch {
    // Offline, storage full or a host without CORS: the guide still works, only without its photo offline.
  }
}
