/**
 * A script that gets into a page (stored text rendered unescaped, a tampered response) must not run: the
 * production build is served with a Content-Security-Policy that allows scripts only from the app's origin
 * and the app's own inline scripts by hash. The guest guide keeps working under it: the boot paint, the
 * service worker, the offline reopen (a page the service worker renders itself), room photos from Storage
 * and the WiFi QR.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { inlineScriptHashes } from '../../build/security-headers.ts';
import { createGuideFixture, type GuideFixture } from '../bench/guide-fixture.ts';
import { collectPageErrors, useBrowser, viewports } from '../e2e/support/browser.ts';
import { photoLoaded, waitForGuide } from '../e2e/support/guide.ts';

const injected = '<script>window.__injected = "ran"</script><img src="x" onerror="window.__injected = \'ran from onerror\'">';

/** Counts CSP violations the page reports (Playwright's init script runs outside the page's CSP). */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = list;
    document.addEventListener('securitypolicyviolation', (event) => list.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
const injectedRan = (page: Page) => page.evaluate(() => (window as unknown as { __injected?: string }).__injected ?? null);

describe('the production build’s security headers', () => {
  // A document the test answers itself (route.fulfill) has no address, so Chromium's Local Network Access checks
  // count it as public and refuse its calls to the loopback API; a deployed guide and its API share no such rule.
  const browser = useBrowser({ viewport: viewports.phone, locale: 'en-US' }, { chromiumArgs: ['--disable-features=LocalNetworkAccessChecks'] });
  let guide: GuideFixture;

  beforeAll(async () => {
    guide = await createGuideFixture(inject('apiUrl'));
  });

  it('sends the CSP, nosniff, a referrer policy and frame protection on every kind of response', async () => {
    const app = inject('appUrl');
    for (const path of ['/', '/login', `/guide/${guide.id}`, '/sw.js', '/manifest.webmanifest', '/robots.txt']) {
      const response = await fetch(`${app}${path}`, { headers: { accept: path.includes('.') ? '*/*' : 'text/html' } });
      expect(response.status, path).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/(^|; )script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      expect(csp, path).toContain(`connect-src 'self' ${inject('apiUrl')}`);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('allows exactly the inline scripts the served pages contain (computed from the built files)', async () => {
    const app = inject('appUrl');
    for (const path of ['/', `/guide/${guide.id}`]) {
      const response = await fetch(`${app}${path}`, { headers: { accept: 'text/html' } });
      const html = await response.text();
      const hashes = inlineScriptHashes(html);
      expect(hashes.length, path).toBeGreaterThan(0);
      for (const hash of hashes) expect(response.headers.get('content-security-policy'), `${path} ${hash}`).toContain(hash);
    }
  });

  it('blocks a script injected into the guide page, while the guide itself works', async () => {
    const { page } = browser;
    const problems = collectPageErrors(page);
    await watchViolations(page);
    // A stored-XSS stand-in: the served guide.html with markup an attacker got into it, headers unchanged.
    await page.route(`${inject('appUrl')}/guide/**`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('<body>', `<body>${injected}`);
      await route.fulfill({ response, body: html });
    });
    await page.goto(`/guide/${guide.id}`);
    await waitForGuide(page, guide.password);
    expect(await injectedRan(page)).toBeNull();
    await expect
      .poll(() => violations(page))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^script-src-elem inline$/), expect.stringMatching(/^script-src-attr inline$/)]));
    // Nothing else broke. Chrome counts a document the test answered itself (route.fulfill) as public, so its
    // Private Network Access rules refuse some of its calls to the loopback API: those errors are the test's doing.
    const testArtifacts = /Content Security Policy|loopback. address space|net::ERR_FAILED/;
    expect(problems.filter((problem) => !testArtifacts.test(problem))).toEqual([]);
  });

  it('blocks a script inserted at run time into the dashboard', async () => {
    const { page } = browser;
    await watchViolations(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page.evaluate((markup) => {
      const holder = document.createElement('div');
      holder.innerHTML = markup;
      document.body.append(holder);
      const script = document.createElement('script');
      script.textContent = 'window.__injected = "ran from a created script"';
      document.body.append(script);
    }, injected);
    await expect.poll(() => violations(page)).toEqual(expect.arrayContaining(['script-src-elem inline', 'script-src-attr inline']));
    expect(await injectedRan(page)).toBeNull();
  });

  it('keeps the guest guide working under the policy: first paint, photo, WiFi QR, service worker and offline reopen', async () => {
    const { page, context } = browser;
    const problems = collectPageErrors(page);
    await watchViolations(page);
    await page.goto(`/guide/${guide.id}`);
    await waitForGuide(page, guide.password);
    await expect.poll(() => photoLoaded(page)).toBe(true);

    await page.getByRole('button', { name: 'Join with your camera', exact: true }).click();
    await page.locator('.rg-wifi-qr-code svg').waitFor();

    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), guide.photoUrl), { timeout: 15_000 }).toBe(true);

    await context.setOffline(true);
    const reopened = await page.reload();
    // The service worker's own rendering of the saved guide carries the policy in its <meta> element.
    const offlineHtml = (await reopened?.text()) ?? '';
    expect(offlineHtml).toContain(guide.password);
    expect(offlineHtml).toMatch(/<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self' 'sha256-/);
    await waitForGuide(page, guide.password);
    await expect.poll(() => photoLoaded(page)).toBe(true);
    await context.setOffline(false);

    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
