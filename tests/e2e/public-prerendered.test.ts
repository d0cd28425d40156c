/**
 * The public pages made at build time: they show their content from the HTML alone (no JavaScript), in the
 * visitor's language, with only the theme tokens each page uses, hydrate without changing what was painted and keep
 * what a visitor typed meanwhile, send a returning host from / to /dashboard, and come back from the service worker's
 * copy, even offline. Also the landing's real demo QR code and its sign-in links.
 */
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInClient } from './support/api.ts';
import { collectPageErrors, screenshot, useBrowser, viewports } from './support/browser.ts';
import { LoginPage } from './support/pages/login-page.ts';
import { EARLY_INVALID_ATTRIBUTE, HYDRATED_ATTRIBUTE, PAGES_CACHE } from '../../src/first-paint/contract.ts';

const DEMO_GUIDE = '33333333-3333-4333-8333-333333333101';

const isHydrated = (page: Page) => page.evaluate((hydrated) => document.documentElement.hasAttribute(hydrated), HYDRATED_ATTRIBUTE);
/** Waits (Playwright's timeout, not expect.poll's 1 s) until the app has hydrated the page: on a busy machine that can take seconds. */
const hydrated = (page: Page) => page.waitForFunction((attribute) => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE);

/** The app's code (its start chunk). */
const APP_CODE = '**/assets/start-*.js';

/** Holds the files matching `patterns` back until the returned function is called; the page meanwhile shows its HTML. */
async function holdBack(page: Page, ...patterns: string[]): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  for (const pattern of patterns) {
    await page.route(pattern, async (route) => {
      await released;
      await route.continue();
    });
  }
  return release;
}

/** Rules of Chakra's theme (a token's definition) in the CSS the app's Emotion inserted: none where the page links the theme stylesheet. */
const themeRulesInsertedByTheApp = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.styleSheets)
      .filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement && sheet.ownerNode.hasAttribute('data-emotion'))
      .flatMap((sheet) => Array.from(sheet.cssRules, (rule) => rule.cssText))
      .filter((rule) => rule.includes('--chakra-colors-purple-solid:')),
  );

/** A design token's value on <html>, '' where the page's CSS does not define it. */
const tokenValue = (page: Page, name: string) => page.evaluate((token) => getComputedStyle(document.documentElement).getPropertyValue(token).trim(), name);

/**
 * The computed properties (custom properties aside) that differ from `before` on the elements painted from the HTML,
 * as `tag property: before → now`. Each element is found again through a property set on it (not an attribute, which
 * React would report as a mismatch); hydration keeps the elements, the app only adds some (its toaster).
 */
const paintedStyles = (page: Page, before: Record<string, string>[] | null) =>
  page.evaluate((earlier) => {
    const styleOf = (element: Element) => {
      const style = getComputedStyle(element);
      const values: Record<string, string> = {};
      for (let index = 0; index < style.length; index++) {
        const property = style.item(index);
        if (!property.startsWith('--')) values[property] = style.getPropertyValue(property);
      }
      return values;
    };
    if (!earlier) {
      return Array.from(document.querySelectorAll('#root *'), (element, index) => {
        Object.assign(element, { paintedIndex: index });
        return styleOf(element);
      });
    }
    const changes: string[] = [];
    for (const element of Array.from(document.querySelectorAll('#root *'))) {
      const index = (element as Element & { paintedIndex?: number }).paintedIndex;
      if (index === undefined) continue;
      const now = styleOf(element);
      for (const [property, value] of Object.entries(earlier[index]))
        if (now[property] !== value) changes.push(`${element.tagName} ${property}: ${value} → ${now[property]}`);
    }
    return changes;
  }, before);

/** Polls Cache Storage from the test (the page's own promise-returning checks are not awaited by waitForFunction). */
async function pageKeptByServiceWorker(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async ({ key, cacheName }) => (await caches.has(cacheName)) && Boolean(await (await caches.open(cacheName)).match(key)), {
    key: path,
    cacheName: PAGES_CACHE,
  });
}

describe('public pages made at build time', () => {
  const browser = useBrowser();

  it('show their content and CSS from the HTML alone, in the browser’s language, with the 404 status for unknown paths', async () => {
    const english = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    for (const [path, heading] of [
      ['/', 'One QR code per room. Every answer your guests need.'],
      ['/faq', 'Frequently asked questions'],
      ['/privacy', 'Privacy policy'],
    ] as const) {
      const response = await english.goto(path);
      expect(response?.status()).toBe(200);
      await english.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await english.goto('/login');
    await english.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    // Chakra's styles are in the page: the primary button has its colour without any script.
    const background = await english.getByRole('button', { name: 'Sign In', exact: true }).evaluate((button) => getComputedStyle(button).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    await screenshot(english, 'prerendered-login-no-js');

    const german = await (await browser.newContext({ javaScriptEnabled: false, locale: 'de-DE' })).newPage();
    const notFound = await german.goto('/gibt-es-nicht');
    expect(notFound?.status()).toBe(404);
    await german.getByRole('heading', { level: 1, name: 'Seite nicht gefunden', exact: true }).waitFor();
    expect(await german.evaluate(() => document.documentElement.lang)).toBe('de');
    await german.goto('/login');
    await german.getByRole('heading', { level: 1, name: 'Willkommen zurück', exact: true }).waitFor();
    expect(await german.title()).toBe('Anmelden · RoomGuide');
  });

  it('hydrate without replacing what was painted, and keep what was typed and clicked before', async () => {
    const { page } = browser;
    const problems = collectPageErrors(page);
    // The app's code is held back until the visitor has typed and pressed the button.
    const release = await holdBack(page, APP_CODE);
    await page.goto('/login');
    // Marked with a property, not an attribute: React would report an attribute it did not render.
    await page
      .getByRole('heading', { level: 1, name: 'Welcome back', exact: true })
      .evaluate((heading) => Object.assign(heading, { paintedBeforeHydration: true }));
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ana@hotel.example');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await isHydrated(page)).toBe(false);
    expect(new URL(page.url()).search).toBe(''); // not submitted natively
    // Answered at once by the browser's own check: the empty password is marked, and has the focus (where the browser
    // says why); the address is not.
    const password = page.locator('input[name=password]'); // a password field has no role
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await password.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).getAttribute('aria-invalid')).toBeNull();
    release();

    // Then by the app's own check, with its message.
    await page.getByText('Please enter your password.', { exact: true }).waitFor();
    expect(await isHydrated(page)).toBe(true);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`[${EARLY_INVALID_ATTRIBUTE}]`).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe('ana@hotel.example');
    expect(await page.getByText('Please enter your email.', { exact: true }).count()).toBe(0);
    // The same heading element: hydration took the painted page over instead of rendering it again.
    expect(await page.getByRole('heading', { level: 1, name: 'Welcome back', exact: true }).evaluate((heading) => 'paintedBeforeHydration' in heading)).toBe(
      true,
    );
    expect(problems).toEqual([]);
  });

  it('open the phone menu at a tap before the app is live, follow its links natively, and keep it open when the app takes over', async () => {
    const phone = await (await browser.newContext({ viewport: viewports.phone })).newPage();
    const problems = collectPageErrors(phone);
    const release = await holdBack(phone, APP_CODE);
    await phone.goto('/privacy');
    const toggle = phone.getByRole('button', { name: 'Menu', exact: true });
    // The navbar's (the footer has one too).
    const faqLink = phone.locator('header').getByRole('link', { name: 'FAQ', exact: true });
    expect(await faqLink.count()).toBe(0); // closed: the desktop links and the menu are both hidden
    await toggle.click();
    await faqLink.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await isHydrated(phone)).toBe(false);
    // The menu opens under the navbar, not over it.
    const navbarBottom = await phone.locator('header').evaluate((header) => header.getBoundingClientRect().bottom);
    const menuBox = await phone
      .locator(`[id="${await toggle.getAttribute('aria-controls')}"]`)
      .evaluate((menu) => menu.getBoundingClientRect().toJSON() as DOMRect);
    expect(Math.abs(menuBox.top - navbarBottom)).toBeLessThanOrEqual(1);
    expect(menuBox.bottom).toBeLessThan(viewports.phone.height - 20);
    await screenshot(phone, 'prerendered-menu-before-app');
    // A tap outside (on the page under it) closes it, as the platform's popovers do; a tap opens it again.
    await phone.mouse.click(viewports.phone.width / 2, viewports.phone.height - 10);
    await faqLink.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await faqLink.waitFor();

    release();
    await hydrated(phone);
    // The app takes the open menu over: still open, and its button closes it.
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await faqLink.isVisible()).toBe(true);
    await toggle.click();
    await faqLink.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // Opened again, a link navigates in the app and closes the menu.
    await toggle.click();
    await faqLink.click();
    await phone.getByRole('heading', { level: 1, name: 'Frequently asked questions', exact: true }).waitFor();
    await faqLink.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);

    // Before the app is live, a link of the menu is a plain link: it goes to its page at once.
    const early = await (await browser.newContext({ viewport: viewports.phone })).newPage();
    await early.route(APP_CODE, () => {}); // never answered: the app does not start
    await early.goto('/privacy');
    await early.getByRole('button', { name: 'Menu', exact: true }).click();
    await early.locator('header').getByRole('link', { name: 'FAQ', exact: true }).click();
    await early.getByRole('heading', { level: 1, name: 'Frequently asked questions', exact: true }).waitFor();
    expect(new URL(early.url()).pathname).toBe('/faq');
  });

  it('hydrate every page without a mismatch between what the build rendered and what the browser renders', async () => {
    for (const path of ['/', '/QRinfo', '/faq', '/privacy', '/contact', '/login', '/register', '/forgot-password', '/no-such-page']) {
      const page = await (await browser.newContext({ viewport: viewports.phone })).newPage();
      const problems = collectPageErrors(page);
      await page.goto(path);
      await hydrated(page);
      // React reports a mismatch while hydrating; the page is live once that is done.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      // The 404 page's own status is reported as a resource that failed to load.
      const reported = problems.filter((problem) => !(path === '/no-such-page' && problem.includes('status of 404')));
      expect(reported.map((problem) => `${path}: ${problem.slice(0, 120)}`)).toEqual([]);
      await page.context().close();
    }
  });

  it('paint with only the theme tokens they use, and get the whole theme from its stylesheet without anything painted changing', async () => {
    const { page } = browser;
    const problems = collectPageErrors(page);
    // The app and the theme stylesheet linked at the page's end, both held back: what paints is the HTML's own CSS.
    const release = await holdBack(page, APP_CODE, '**/assets/theme-*.css');
    // Not until `load`: the held-back stylesheet holds that back, while the page paints above it.
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    // The Sign In button's colour (teal) is in the HTML; a palette nothing on the page uses is not.
    expect(await tokenValue(page, '--chakra-colors-teal-solid')).not.toBe('');
    expect(await tokenValue(page, '--chakra-colors-purple-solid')).toBe('');
    const beforeTheApp = (await paintedStyles(page, null)) as Record<string, string>[];
    release();

    // The stylesheet brings Chakra's whole theme, which the next screens and the page's own alerts need.
    await page.waitForFunction(() => getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-purple-solid').trim() !== '');
    await hydrated(page);
    expect(await paintedStyles(page, beforeTheApp)).toEqual([]);
    // The app did not build and insert the same theme again (Emotion's rules: the page's components, the layer order).
    expect(await themeRulesInsertedByTheApp(page)).toEqual([]);

    // A screen the app draws alone (index.html) has the whole theme from the same stylesheet, in its <head>.
    await page.goto('/reset-password');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await tokenValue(page, '--chakra-colors-purple-solid')).not.toBe('');
    expect(await themeRulesInsertedByTheApp(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('show the remembered language when it differs from the browser’s, without hydrating the wrong one', async () => {
    const { page, context } = browser;
    const problems = collectPageErrors(page);
    await context.addInitScript(() => localStorage.setItem('roomguide.language', 'fr'));
    await page.goto('/faq');
    await page.getByRole('heading', { level: 1, name: 'Questions fréquentes', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await page.getByRole('heading', { level: 1, name: 'Frequently asked questions', exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('send a returning host from / straight to the dashboard', async () => {
    const { page } = browser;
    const { email, password } = await signedInClient();
    await new LoginPage(page).signIn(email, password);
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.getByTestId('welcome-line').waitFor();
    expect(await page.getByTestId('welcome-line').innerText()).toContain(email);
    // On other public pages the navbar shows the account, not Login and Register.
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Sign Out', exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Login', exact: true }).filter({ visible: true }).count()).toBe(0);
  });

  it('come back from the service worker’s copy on the next visit, also offline', async () => {
    const { page, context } = browser;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
    await expect.poll(() => pageKeptByServiceWorker(page, '/login'), { timeout: 60_000 }).toBe(true);
    // The kept copy is the page as built with its entry script, without the module preloads that would hold the
    // repeat visit's first paint back; the page still goes live (below, offline: its chunks come from the HTTP cache).
    const kept = await page.evaluate(async (cacheName) => (await (await caches.open(cacheName)).match('/login'))!.text(), PAGES_CACHE);
    expect(kept).toContain('<script type="module"');
    expect(kept).toContain('<form');
    expect(kept).not.toContain('rel="modulepreload"');

    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    // Chromium's static routing answered from the cache, without waiting for the worker to start.
    expect(
      await page.evaluate(
        () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { workerFinalSourceType?: string }).workerFinalSourceType,
      ),
    ).toBe('cache');
    await hydrated(page);

    await context.setOffline(true);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Please enter your email.', { exact: true }).waitFor();
    await context.setOffline(false);
  });

  it('give returning hosts a way to sign in on the landing, and its QR code opens the demo guide', async () => {
    const { page } = browser;
    await page.goto('/');
    const code = page.getByRole('img', { name: 'QR code that opens the demo guide of room 101', exact: true });
    await code.waitFor();
    const png = PNG.sync.read(await code.screenshot());
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toMatch(new RegExp(`^https?://[^/]+/guide/${DEMO_GUIDE}$`));

    const footer = page.getByRole('navigation', { name: 'Footer', exact: true });
    for (const [name, href] of [
      ['FAQ', '/faq'],
      ['Contact', '/contact'],
      ['Privacy', '/privacy'],
      ['Sign in', '/login'],
    ]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    // The spec's navbar rule: on / the navbar offers neither Login nor Register.
    const navbar = page.getByRole('navigation', { name: 'Main navigation', exact: true });
    expect(await navbar.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    for (const width of [1280, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'public-landing-sign-in');
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/login');
    await page.goto('/');
    await page.getByRole('link', { name: 'Open the demo guide', exact: true }).click();
    await page.waitForURL(`**/guide/${DEMO_GUIDE}`);
    await page.getByRole('heading', { name: 'Welcome to Sea View Double', exact: true }).waitFor();
  });
});
