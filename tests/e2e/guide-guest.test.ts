/**
 * The guest guide in a real browser against the production build (guide.html entry + service worker):
 * language, scan counting, the saved page and offline reopening, the per-room install manifest, unknown ids, and
 * screenshots.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { guidePath } from '../../src/lib/guide-url.ts';
import { screenshot, useBrowser, viewports } from './support/browser.ts';
import { photoLoaded, waitForGuide } from './support/guide.ts';
import { stopWorkers, stopWorkersAndWatchSources } from './support/static-routing.ts';
import { createGuideFixture, scanCount, type GuideFixture } from '../bench/guide-fixture.ts';
import { GUIDE_PAGES_CACHE, TAPPED_ATTRIBUTE } from '../../src/first-paint/contract.ts';

const SEEDED_BEACH_ROOM = '33333333-3333-4333-8333-333333333101';
/** The page saved for the guide's next opening, as stored on the device (null until it is). */
function savedPage(page: Page, id: string): Promise<string | null> {
  return page.evaluate(async ({ path, cacheName }) => (await (await caches.match(path, { cacheName }))?.text()) ?? null, {
    path: guidePath(id),
    cacheName: GUIDE_PAGES_CACHE,
  });
}

/** Opens the guide and waits until the service worker controls the page and has saved it for the next opening. */
async function openUntilSaved(page: Page, guide: GuideFixture): Promise<void> {
  await page.goto(guidePath(guide.id));
  await waitForGuide(page, guide.password);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => savedPage(page, guide.id), { timeout: 15_000 }).toContain(guide.password);
}

describe('guest guide', () => {
  const browser = useBrowser({ viewport: viewports.phone, locale: 'es-ES' });
  let guide: GuideFixture;

  beforeAll(async () => {
    guide = await createGuideFixture(inject('apiUrl'));
  });

  it('a Spanish browser sees the guide in Spanish; switching to Japanese sticks across a reload', async () => {
    const { page } = browser;
    await page.goto(guidePath(SEEDED_BEACH_ROOM));
    await waitForGuide(page, 'sunset-101');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Bienvenido a Sea View Double');
    await expect.poll(() => page.getByRole('heading', { name: 'Acceso WiFi', exact: true }).count()).toBe(1);
    expect(await page.getByText('Habitación 101', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Copiar contraseña', exact: true }).count()).toBe(1);
    expect(await page.getAttribute('html', 'lang')).toBe('es');

    await page.getByRole('combobox', { name: 'Idioma', exact: true }).selectOption('ja');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sea View Doubleへようこそ');
    expect(await page.getByText('101号室', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'WiFi 接続', exact: true }).count()).toBe(1);

    await page.reload();
    await waitForGuide(page, 'sunset-101');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sea View Doubleへようこそ');
  });

  it('copies the password and shows the WiFi QR on demand', async () => {
    const { page, context } = browser;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const qrRequests: string[] = [];
    page.on('request', (request) => {
      if (/qr-code-styling/.test(request.url())) qrRequests.push(request.url());
    });
    await page.goto(guidePath(guide.id));
    await waitForGuide(page, guide.password);
    await page.locator('.rg-guide:not([data-static])').waitFor();
    await page.waitForLoadState('networkidle');
    expect(qrRequests).toEqual([]); // the QR library is not part of the load, live guide included

    await page.getByRole('button', { name: 'Copiar contraseña', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Contraseña copiada' }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(guide.password);

    await page.getByRole('button', { name: 'Conectarse con la cámara', exact: true }).click();
    await page
      .getByRole('img', { name: `Código QR para conectarse a la red WiFi ${guide.network}`, exact: true })
      .locator('svg')
      .waitFor();
    expect(await page.getByRole('img', { name: `Código QR para conectarse a la red WiFi ${guide.network}`, exact: true }).count()).toBe(1);
    expect(qrRequests.length).toBeGreaterThan(0);
  });

  it('answers taps on the guide painted before it is live: the password is copied at once, the QR opens once live', async () => {
    const { page, context } = browser;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The guide's code held back: the page shows guide.html's first paint until it is let through.
    let letCodeThrough = () => {};
    const codeLetThrough = new Promise<void>((resolve) => (letCodeThrough = resolve));
    const guideCode = '**/assets/guide-*.js';
    await page.route(guideCode, async (route) => {
      await codeLetThrough;
      await route.continue();
    });
    await page.goto(guidePath(guide.id), { waitUntil: 'commit' }); // its load event waits for the code
    const painted = page.locator('.rg-guide[data-static]');
    await painted.getByText(guide.password, { exact: true }).waitFor();

    await painted.getByRole('button', { name: 'Copiar contraseña', exact: true }).click();
    await painted.getByRole('status').getByText('Contraseña copiada', { exact: true }).waitFor();
    expect(await painted.getByRole('button', { name: '✓ Contraseña copiada', exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(guide.password);

    // The QR needs the guide's code: the button shows it was pressed, and the live card opens it.
    const showQr = painted.getByRole('button', { name: 'Conectarse con la cámara', exact: true });
    await showQr.click();
    expect(await showQr.getAttribute(TAPPED_ATTRIBUTE)).toBe('');
    expect(await page.locator('.rg-guide:not([data-static])').count()).toBe(0);
    letCodeThrough();
    const qr = page.locator('.rg-guide:not([data-static])').getByRole('img', { name: `Código QR para conectarse a la red WiFi ${guide.network}`, exact: true });
    await qr.locator('svg').waitFor();
    expect(await page.getByRole('button', { name: 'Ocultar el código QR del WiFi', exact: true }).getAttribute('aria-expanded')).toBe('true');
    await page.unroute(guideCode);
  });

  it('counts one scan for an open and its two reloads, and one more for another device', async () => {
    const apiUrl = inject('apiUrl');
    const fresh = await createGuideFixture(apiUrl, { name: 'Scan Room' });
    const { page } = browser;
    const scanRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/rpc/record_scan') && request.method() === 'POST') scanRequests.push(request.url());
    });

    await page.goto(guidePath(fresh.id));
    await waitForGuide(page, fresh.password);
    await expect.poll(() => scanCount(apiUrl, fresh.id), { timeout: 15_000 }).toBe(1);

    await page.reload();
    await waitForGuide(page, fresh.password);
    await page.reload();
    await waitForGuide(page, fresh.password);
    // The scan is sent by the live guide (not its first paint): waited for, then quiet, before counting.
    await page.locator('.rg-guide:not([data-static])').waitFor();
    await page.waitForLoadState('networkidle');
    expect(scanRequests).toHaveLength(1); // the reloads sent nothing

    // A second guest (another browser profile) is a new open; once it is counted, no late count from the reloads exists.
    const otherDevice = await browser.newContext();
    const otherPage = await otherDevice.newPage();
    await otherPage.goto(guidePath(fresh.id));
    await waitForGuide(otherPage, fresh.password);
    await expect.poll(() => scanCount(apiUrl, fresh.id), { timeout: 15_000 }).toBe(2);
  });

  it('reopens offline after one online visit: WiFi password, photo and a saved-copy note', async () => {
    const { page, context } = browser;
    await page.goto(guidePath(guide.id));
    await waitForGuide(page, guide.password);
    await expect.poll(() => photoLoaded(page)).toBe(true);
    // The service worker installed (precache done) and controls the page; the guide and photo are saved.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.evaluate(async (photoUrl) => Boolean(await caches.match(photoUrl)), guide.photoUrl), { timeout: 15_000 }).toBe(true);

    await expect.poll(() => savedPage(page, guide.id), { timeout: 15_000 }).toContain(guide.password);

    await context.setOffline(true);
    const reopened = await page.reload();
    // The page saved on the last opening, with the guide in its HTML: the password is there before any script.
    const html = (await reopened?.text()) ?? '';
    expect(html).toContain(guide.password);
    expect(html).not.toContain('class="rg-boot"');
    await waitForGuide(page, guide.password);
    // React took over: the live page (not the saved paint) shows the offline note.
    await expect.poll(() => page.locator('.rg-guide:not([data-static])').count()).toBe(1);
    expect(await page.getByTestId('wifi-network').textContent()).toBe(guide.network);
    await expect.poll(() => photoLoaded(page)).toBe(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Estás sin conexión' }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Bienvenido a ${guide.name}`);
    await screenshot(page, 'guide-offline');

    // A guide never opened on this device says so clearly instead of a browser error page.
    await page.goto(guidePath(SEEDED_BEACH_ROOM.replace(/101$/, '102')));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Estás sin conexión');
    expect(await page.getByText('Esta guía aún no se ha guardado en este dispositivo. Conéctate a internet y vuelve a abrirla.', { exact: true }).count()).toBe(
      1,
    );
    await context.setOffline(false);
  });

  it("offline with its service worker stopped, a guide never saved on this device says so instead of the browser's error page", async () => {
    const { page, context } = browser;
    await openUntilSaved(page, guide);

    // Offline, then the worker stopped as after a while away: in the other order, under Playwright's offline
    // emulation, the navigation hung.
    await context.setOffline(true);
    await stopWorkers(page, context);
    const response = await page.goto(guidePath(SEEDED_BEACH_ROOM.replace(/101$/, '102')));
    // The worker's answer (the guide's shell), not a failed navigation.
    expect(response?.status()).toBe(200);
    await page.getByText('Esta guía aún no se ha guardado en este dispositivo. Conéctate a internet y vuelve a abrirla.', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Estás sin conexión');
    await context.setOffline(false);
  });

  it('reopens with its service worker stopped (the saved page racing the network), then goes live and saves it again', async () => {
    const { page, context } = browser;
    await openUntilSaved(page, guide);
    // Saved in the language shown, with the guide's stylesheet inside (nothing to fetch before the first paint).
    const saved = (await savedPage(page, guide.id))!;
    expect(saved).toContain('<html lang="es" data-rg-saved>');
    expect(saved).toMatch(/<style>[^<]*\.rg-guide/);

    // A worker stopped (as after a while away): Chromium's static route races the network against the worker.
    const sources = await stopWorkersAndWatchSources(page, context);
    await page.reload();
    await waitForGuide(page, guide.password);
    expect(sources.get(`Document ${guidePath(guide.id)}`)).toBe('race-network-and-fetch-handler');
    // Then live: the buttons work.
    await page.getByRole('button', { name: 'Conectarse con la cámara', exact: true }).click();
    await page
      .getByRole('img', { name: `Código QR para conectarse a la red WiFi ${guide.network}`, exact: true })
      .locator('svg')
      .waitFor();

    // A change of language is saved for the next opening.
    await page.getByRole('combobox', { name: 'Idioma', exact: true }).selectOption('de');
    await expect.poll(() => savedPage(page, guide.id), { timeout: 15_000 }).toContain('<html lang="de" data-rg-saved>');
  });

  it("has an installable manifest whose start URL is this room's guide", async () => {
    const { page, context } = browser;
    await page.goto(guidePath(guide.id));
    await waitForGuide(page, guide.password);
    const guideUrl = new URL(guidePath(guide.id), inject('appUrl')).href;
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.errors).toEqual([]);
    expect(manifest.url.startsWith('data:application/manifest+json')).toBe(true);
    const parsed = JSON.parse(manifest.data ?? '{}') as Record<string, unknown> & { icons: { sizes: string; purpose: string }[] };
    expect(parsed.start_url).toBe(guideUrl);
    expect(parsed.scope).toBe(guideUrl);
    expect(parsed.display).toBe('standalone');
    expect(parsed.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of ['/pwa-192x192.png', '/pwa-512x512.png', '/maskable-icon-512x512.png']) {
      const response = await page.request.get(icon);
      expect(response.status(), icon).toBe(200);
      expect(response.headers()['content-type']).toContain('image/png');
    }
  });

  it("shows 'Guide Not Found' with a way home for an unknown id", async () => {
    const { page } = browser;
    await page.goto(guidePath('9f4b7c1e-0000-4000-8000-000000000000'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Guía no encontrada');
    expect(await page.getByText('Este código QR ya no está activo o se ha eliminado.', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Volver al inicio', exact: true }).getAttribute('href')).toBe('/');

    await page.goto(guidePath('not-a-uuid'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Guía no encontrada');
  });

  it('looks right on a phone and a tablet (screenshots)', async () => {
    for (const viewport of [viewports.phone, viewports.tablet]) {
      const context = await browser.newContext({ viewport, locale: 'en-US' });
      const page = await context.newPage();
      await page.goto(guidePath(guide.id));
      await waitForGuide(page, guide.password);
      await expect.poll(() => photoLoaded(page)).toBe(true);
      // Nothing wider than the screen: no sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, 'guide');
    }
  });
});
