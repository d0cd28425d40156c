/**
 * Reads one guide through `get_guide` over GET (`/rest/v1/rpc/get_guide?qr_id=…`): a GET is cacheable by the
 * browser and the service worker, unlike supabase-js's default POST. A plain fetch keeps supabase-js (~45 KB)
 * out of the guest's first load. The key travels as `?apikey=` (the gateway accepts it there like Supabase's does)
 * and no custom header is sent, so the browser sends the request straight away instead of first asking the API
 * for permission (a CORS preflight: one more round trip on a slow connection). PostgREST runs the call as `anon`.
 */
import { env } from '@/lib/env';
import { guideIdFromPath } from '@/lib/guide-url';
import type { Guide, LoadedGuide } from '../types';
import { normalizeGuide } from '../lib/normalize-guide';
import { savedAtOf, stampSavedCopy } from './guide-cache';
import { GUIDE_DATA_CACHE } from '@/first-paint/contract';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isGuideId(id: string): boolean {
  return UUID.test(id);
}

export function guideRequestUrl(id: string): string {
  return `${env.supabaseUrl}/rest/v1/rpc/get_guide?qr_id=${encodeURIComponent(id.toLowerCase())}&apikey=${encodeURIComponent(env.supabaseAnonKey)}`;
}

export type GuideLoadResult = { status: 'found'; guide: Guide; savedAt: Date | null } | { status: 'not-found' } | { status: 'offline' } | { status: 'failed' };

/** Asks for the guide of the page's own path at once; guide.html's inline script calls it first thing. */
export function prefetchGuide(pathname: string): void {
  const id = guideIdFromPath(pathname);
  if (!id || !isGuideId(id) || typeof fetch !== 'function') return;
  const url = guideRequestUrl(id);
  const response = fetch(url, { headers: { accept: 'application/json' } });
  // An unhandled rejection here is reported by loadGuide when it awaits the same promise.
  response.catch(() => undefined);
  window.__roomguideGuidePrefetch = { url, response };
}

function takePrefetched(id: string): Promise<Response> | null {
  const prefetch = typeof window === 'undefined' ? undefined : window.__roomguideGuidePrefetch;
  // Only when it asked for exactly what we would ask for (same id, same API URL).
  if (!prefetch || prefetch.url !== guideRequestUrl(id)) return null;
  window.__roomguideGuidePrefetch = undefined;
  return prefetch.response;
}

function requestGuide(id: string): Promise<Response> {
  return takePrefetched(id) ?? fetch(guideRequestUrl(id), { headers: { accept: 'application/json' } });
}

async function openGuideCache(): Promise<Cache | null> {
  try {
    return typeof caches === 'undefined' ? null : await caches.open(GUIDE_DATA_CACHE);
  } catch {
    return null; // Cache Storage refused (insecure context, private mode): work without saved copies.
  }
}

/** The copy saved on this device by an earlier visit, if any. */
export async function readSavedGuide(id: string): Promise<LoadedGuide | null> {
  if (!isGuideId(id) || typeof caches === 'undefined') return null;
  let response: Response | undefined;
  try {
    // caches.match with a cacheName does not create the cache on a first visit (caches.open would).
    response = await caches.match(guideRequestUrl(id), { cacheName: GUIDE_DATA_CACHE });
  } catch {
    return null;
  }
  if (!response) return null;
  try {
    const guide = normalizeGuide(await response.json());
    return guide ? { guide, savedAt: savedAtOf(response) ?? new Date(0) } : null;
  } catch {
    return null;
  }
}

async function saveGuide(id: string, response: Response): Promise<void> {
  const cache = await openGuideCache();
  await cache?.put(guideRequestUrl(id), await stampSavedCopy(response));
}

/**
 * Loads a guide from the network (through the service worker when it controls the page: it answers with the saved
 * copy, marked by its saved-at header, when the network is down or slower than its timeout).
 */
export async function loadGuide(id: string): Promise<GuideLoadResult> {
  if (!isGuideId(id)) return { status: 'not-found' };
  let response: Response;
  try {
    response = await requestGuide(id);
  } catch {
    return typeof navigator !== 'undefined' && navigator.onLine === false ? { status: 'offline' } : { status: 'failed' };
  }
  if (response.status === 404 || response.status === 400) return { status: 'not-found' };
  if (!response.ok) return { status: 'failed' };
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return { status: 'failed' };
  }
  const guide = normalizeGuide(body);
  if (!guide) return { status: 'not-found' };
  const savedAt = savedAtOf(response);
  if (!savedAt) void saveGuide(id, response).catch(() => undefined);
  return { status: 'found', guide, savedAt };
}

const earlyLoads = new Map<string, { network: Promise<GuideLoadResult>; saved: Promise<LoadedGuide | null> }>();

/**
 * Starts reading the guide (network and saved copy) before React's first render, so the answer is often in by
 * the time the screen mounts; the screen's first load takes these promises (once) instead of asking again.
 */
export function startGuideLoad(id: string): { network: Promise<GuideLoadResult>; saved: Promise<LoadedGuide | null> } {
  let early = earlyLoads.get(id);
  if (!early) {
    early = { network: loadGuide(id), saved: readSavedGuide(id) };
    earlyLoads.set(id, early);
  }
  return early;
}

/**
 * The first thing worth showing: a saved copy or the network's answer, whichever comes first; the network's answer
 * when neither has a guide; or null after `timeoutMs` (null: no time limit). The guest entry waits for it (behind
 * guide.html's spinner or a guide already painted) so React's first render already shows the guide instead of
 * rendering a spinner and then the guide, a full render saved on a slow phone.
 */
export function firstGuideToShow(
  early: { network: Promise<GuideLoadResult>; saved: Promise<LoadedGuide | null> },
  timeoutMs: number | null,
): Promise<GuideLoadResult | null> {
  return new Promise((resolve) => {
    const timer = timeoutMs === null ? undefined : setTimeout(() => resolve(null), timeoutMs);
    const settle = (result: GuideLoadResult | null) => {
      clearTimeout(timer);
      resolve(result);
    };
    void early.saved.then((copy) => copy && settle({ status: 'found', guide: copy.guide, savedAt: null }));
    void early.network.then((result) => (result.status === 'found' || result.status === 'not-found') && settle(result));
    void Promise.all([early.network, early.saved]).then(([result]) => settle(result));
  });
}

export function takeGuideLoad(id: string): { network: Promise<GuideLoadResult>; saved: Promise<LoadedGuide | null> } {
  const early = earlyLoads.get(id);
  earlyLoads.delete(id);
  return early ?? { network: loadGuide(id), saved: readSavedGuide(id) };
}
