/**
 * Stops the page's service workers (as after a while away) and records, per response, what served it: Chromium's
 * static routing reports the matched rule's source (e.g. `cache` for a stored public page), everything else reads
 * `none`.
 */
import type { BrowserContext, Page } from 'playwright-core';

interface ResponseReceived {
  type: string;
  response: { url: string; serviceWorkerRouterInfo?: { matchedSourceType?: string } };
}

/**
 * Only stops the workers, through a DevTools session that is closed again and never enables Network: under
 * Playwright's offline emulation a Network session left open kept the next page's navigator.onLine true.
 */
export async function stopWorkers(page: Page, context: BrowserContext): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

/** Keys are `<resource type> <pathname>`, e.g. `Document /guide/<id>`. */
export async function stopWorkersAndWatchSources(page: Page, context: BrowserContext): Promise<Map<string, string>> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const sources = new Map<string, string>();
  cdp.on('Network.responseReceived', (event: ResponseReceived) => {
    sources.set(`${event.type} ${new URL(event.response.url).pathname}`, event.response.serviceWorkerRouterInfo?.matchedSourceType ?? 'none');
  });
  return sources;
}
