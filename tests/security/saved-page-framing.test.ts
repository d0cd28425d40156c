/**
 * The page a guide saves for its next opening (Cache Storage, served by the service worker, also when Chromium's
 * static routing starts it for a guide opened while it is stopped) must be protected like the network's copy:
 * nosniff, the referrer policy and no framing (X-Frame-Options and CSP frame-ancestors, which only a header can
 * carry). Without them another page could frame a reopened guide (clickjacking the WiFi password's copy button)
 * although the network copy forbids it.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { guidePath } from '../../src/lib/guide-url.ts';
import { createGuideFixture, type GuideFixture } from '../bench/guide-fixture.ts';
import { useBrowser, viewports } from '../e2e/support/browser.ts';
import { stopWorkersAndWatchSources } from '../e2e/support/static-routing.ts';
import { GUIDE_PAGES_CACHE } from '../../src/first-paint/contract.ts';

const COPIED = ['x-content-type-options', 'referrer-policy', 'x-frame-options'] as const;

/** What a browser enforces of these headers: the copied ones as they are, and whether framing is forbidden. */
function protection(headers: Record<string, string>): Record<string, string | boolean> {
  const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return {
    ...Object.fromEntries(COPIED.map((name) => [name, lower[name] ?? ''])),
    frameAncestorsNone: /(^|;)\s*frame-ancestors 'none'\s*(;|$)/.test(lower['content-security-policy'] ?? ''),
  };
}

function storedHeaders(page: Page, path: string): Promise<Record<string, string> | null> {
  return page.evaluate(
    async ({ saved, cacheName }) => {
      const response = await caches.match(saved, { cacheName });
      if (!response) return null;
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name] = value;
      });
      return headers;
    },
    { saved: path, cacheName: GUIDE_PAGES_CACHE },
  );
}

/** Frames the guide from a page of the app's own origin; true when the guide's page loaded inside the frame. */
function framed(page: Page, path: string): Promise<boolean> {
  return page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const frame = document.createElement('iframe');
        frame.addEventListener('load', () => {
          // A blocked frame holds an error page of an opaque origin: no document to read.
          resolve(Boolean(frame.contentDocument?.querySelector('.rg-guide')));
        });
        frame.src = src;
        document.body.append(frame);
      }),
    path,
  );
}

describe('the saved guide page’s security headers', () => {
  const browser = useBrowser({ viewport: viewports.phone, locale: 'en-US' });
  let guide: GuideFixture;
  let network: Record<string, string | boolean>;

  beforeAll(async () => {
    guide = await createGuideFixture(inject('apiUrl'));
    const response = await fetch(new URL(guidePath(guide.id), inject('appUrl')), { headers: { accept: 'text/html' } });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    network = protection(headers);
    // The network's copy is protected (the other tests of this suite check its full policy).
    expect(network).toEqual({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      frameAncestorsNone: true,
    });
  });

  it('stores, serves and enforces them on the saved page: from the worker, running or started by static routing, framed', async () => {
    const { page, context } = browser;
    const path = guidePath(guide.id);
    await page.goto(path);
    await page.locator('.rg-guide:not([data-static])').waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => storedHeaders(page, path), { timeout: 15_000 }).not.toBeNull();
    expect(protection((await storedHeaders(page, path))!)).toEqual(network);

    // Served by the running worker from the saved page, online and offline.
    for (const offline of [false, true]) {
      await context.setOffline(offline);
      const response = await page.reload();
      expect(await response?.text()).toContain('data-rg-saved');
      expect(protection(await response!.allHeaders()), offline ? 'offline' : 'online').toEqual(network);
      await page.locator('.rg-guide:not([data-static])').waitFor();
    }
    await context.setOffline(false);

    // A page of the app's own origin cannot frame the saved guide either.
    expect(await framed(page, path)).toBe(false);

    // While the worker is stopped, Chromium's static route races the network against the worker; offline, the worker
    // starts and answers with the saved page.
    await context.setOffline(true);
    const sources = await stopWorkersAndWatchSources(page, context);
    const reopened = await page.reload();
    expect(sources.get(`Document ${path}`)).toBe('race-network-and-fetch-handler');
    expect(await reopened?.text()).toContain('data-rg-saved');
    expect(protection(await reopened!.allHeaders())).toEqual(network);
    await context.setOffline(false);
  });
});
