/**
 * The property list renders from the session supabase-js stored (src/lib/stored-session.ts, session-start.ts)
 * before supabase-js has loaded, and supabase-js, loaded after the list has painted, confirms the session or sends
 * the host to /login. supabase-js's chunks are held back by a route while a test looks at what rendered without them;
 * the service worker is off so every request is the page's.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { collectPageErrors, useBrowser } from './support/browser.ts';
import { signedInClient, uniqueEmail } from './support/api.ts';
import { LoginPage } from './support/pages/login-page.ts';
import { PropertyListPage } from './support/pages/property-list-page.ts';

const supabaseJs = '**/assets/supabase-*.js';
const authStorageKey = 'roomguide-auth';
const keptDashboardKey = 'roomguide.kept-dashboard';

/** Opens /dashboard with supabase-js held back; returns how many of its chunks were asked for, and a way to let them through. */
async function openWithoutSupabaseJs(page: Page) {
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  const passing: Promise<void>[] = [];
  const hold = (route: Route) => {
    const passed = held.then(() => route.continue());
    passing.push(passed);
    return passed;
  };
  await page.route(supabaseJs, hold);
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  return {
    requested: () => passing.length,
    letThrough: async () => {
      letThrough();
      await Promise.all(passing);
      await page.unroute(supabaseJs, hold);
    },
  };
}

async function signedInHostWithProperty(page: Page, name: string) {
  const host = await signedInClient(uniqueEmail('stored'));
  const { error } = await host.client.from('properties').insert({ name, type: 'hotel' });
  if (error) throw new Error(`insert property failed: ${error.message}`);
  const list = new PropertyListPage(page);
  await new LoginPage(page).signIn(host.email, host.password);
  await list.card(name).waitFor();
  // No copy from this visit: the next one is a first visit's render, not the kept dashboard's.
  await list.waitUntilKept(name);
  await page.evaluate((key) => localStorage.removeItem(key), keptDashboardKey);
  return { host, list };
}

describe('the dashboard rendered from the stored session', () => {
  const browser = useBrowser({ serviceWorkers: 'block' });

  it('paints the live list before supabase-js has loaded, which then confirms the session (sign-out still works)', async () => {
    const { page } = browser;
    const errors = collectPageErrors(page);
    const { host, list } = await signedInHostWithProperty(page, 'Casa Stored');

    const supabase = await openWithoutSupabaseJs(page);
    await list.card('Casa Stored').waitFor();
    expect(await page.getByTestId('welcome-line').innerText()).toContain(host.email);
    expect(supabase.requested()).toBeGreaterThan(0); // asked for once the list had painted, and held here
    await supabase.letThrough();

    await list.signOut();
    expect(await page.evaluate((key) => localStorage.getItem(key), authStorageKey)).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
  });

  it('leaves supabase-js unrequested until the list is on screen', async () => {
    const { page } = browser;
    const { list } = await signedInHostWithProperty(page, 'Casa Unrequested');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/supabase-[^/]*\.js$/.test(request.url())) asked.push(request.url());
    });
    let askedWhenPainted = -1;
    await page.exposeFunction('cardPainted', () => (askedWhenPainted = asked.length));
    await page.addInitScript(() => {
      // Reports the moment the first live property card is in the page (the kept copy is removed above).
      new MutationObserver((_, observer) => {
        if (document.querySelector('#root [data-testid=property-card]')) {
          observer.disconnect();
          void (window as unknown as { cardPainted: () => Promise<void> }).cardPainted();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/dashboard');
    await list.card('Casa Unrequested').waitFor();
    await expect.poll(() => askedWhenPainted).toBeGreaterThanOrEqual(0);
    expect(askedWhenPainted).toBe(0);
    // …and loaded after it, to confirm the session.
    await expect.poll(() => asked.length).toBeGreaterThan(0);
  });

  it('goes to /login when supabase-js finds the stored session gone (signed out in another tab meanwhile)', async () => {
    const { page } = browser;
    const { list } = await signedInHostWithProperty(page, 'Casa Gone');

    const supabase = await openWithoutSupabaseJs(page);
    await list.card('Casa Gone').waitFor();
    // Another tab of the same browser signs out: the stored session is removed before this tab's supabase-js has run.
    const otherTab = await page.context().newPage();
    await otherTab.goto('/faq');
    await otherTab.evaluate((key) => localStorage.removeItem(key), authStorageKey);
    await otherTab.close();
    await supabase.letThrough();
    await page.waitForURL('**/login');
    expect(await page.getByRole('heading', { name: 'Casa Gone', exact: true }).count()).toBe(0);
  });

  it('does not trust an expired stored session: supabase-js decides, and a failed refresh leads to /login', async () => {
    const { page } = browser;
    await signedInHostWithProperty(page, 'Casa Expired');
    await page.evaluate((key) => {
      const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number; refresh_token: string };
      localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 60, refresh_token: 'revoked' }));
    }, authStorageKey);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(await page.getByRole('heading', { name: 'Casa Expired', exact: true }).count()).toBe(0);
  });
});
