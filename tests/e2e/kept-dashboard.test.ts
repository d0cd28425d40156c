/**
 * The dashboard kept on the device (src/lib/kept-dashboard/): a returning host's page as last shown is painted by
 * the entry module before the app's code has run, and the live list replaces it; never after sign-out nor for
 * another user, and the next visit shows what the last one showed. The app's code (its start chunk) is held back
 * while a test looks at what was painted without it; the service worker is off so every request is the page's.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { collectPageErrors, useBrowser } from './support/browser.ts';
import { signedInClient, uniqueEmail } from './support/api.ts';
import { LoginPage } from './support/pages/login-page.ts';
import { PropertyListPage } from './support/pages/property-list-page.ts';

const appCode = '**/assets/start-*.js';

/** Opens /dashboard with the app's code held back until the returned function lets it through. */
async function openWithoutAppCode(page: Page): Promise<() => Promise<void>> {
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  const passing: Promise<void>[] = [];
  const hold = (route: Route) => {
    const passed = held.then(() => route.continue());
    passing.push(passed);
    return passed;
  };
  await page.route(appCode, hold);
  // DOMContentLoaded waits for the entry module, which paints the kept copy, but not for the held chunk.
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  return async () => {
    letThrough();
    await Promise.all(passing);
    await page.unroute(appCode, hold);
  };
}

async function newHostWithProperty(name: string) {
  const host = await signedInClient(uniqueEmail('kept'));
  const { error } = await host.client.from('properties').insert({ name, type: 'hotel' });
  if (error) throw new Error(`insert property failed: ${error.message}`);
  return host;
}

describe('the dashboard kept on the device', () => {
  const browser = useBrowser({ serviceWorkers: 'block' });

  it('paints the last list for the same host before the app runs, hands over to the live list, and keeps changes', async () => {
    const { page } = browser;
    const errors = collectPageErrors(page);
    const host = await newHostWithProperty('Casa Kept');
    const list = new PropertyListPage(page);
    await new LoginPage(page).signIn(host.email, host.password);
    await list.card('Casa Kept').waitFor();
    await list.waitUntilKept('Casa Kept');

    // The next visit: the copy is painted, the app's own page is not there yet.
    let letAppRun = await openWithoutAppCode(page);
    await list.keptCopy.waitFor();
    expect(await list.keptPropertyNames()).toEqual(['Casa Kept']);
    expect(await page.getByRole('heading', { name: 'Casa Kept', exact: true }).count()).toBe(0);
    await letAppRun();
    await list.card('Casa Kept').waitFor();
    expect(await list.keptCopy.count()).toBe(0);

    // A change (here made elsewhere) shows on the live list, and the visit after that starts from it.
    const { error } = await host.client.from('properties').insert({ name: 'Casa Kept Annex', type: 'hotel' });
    expect(error).toBeNull();
    await page.reload();
    await list.card('Casa Kept Annex').waitFor();
    await list.waitUntilKept('Casa Kept Annex');
    letAppRun = await openWithoutAppCode(page);
    await list.keptCopy.waitFor();
    expect(await list.keptPropertyNames()).toEqual(['Casa Kept', 'Casa Kept Annex']);
    await letAppRun();
    await list.card('Casa Kept Annex').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows nothing kept after sign-out, nor to another host signed in on the same device', async () => {
    const { page } = browser;
    const first = await newHostWithProperty('Villa First');
    const second = await newHostWithProperty('Villa Second');
    const list = new PropertyListPage(page);
    const login = new LoginPage(page);
    await login.signIn(first.email, first.password);
    await list.card('Villa First').waitFor();
    await list.waitUntilKept('Villa First');

    await list.signOut();
    // Removed from the device, not only hidden.
    expect(await page.evaluate(() => localStorage.getItem('roomguide.kept-dashboard'))).toBeNull();
    let letAppRun = await openWithoutAppCode(page);
    expect(await list.keptCopy.count()).toBe(0);
    await letAppRun();
    await page.waitForURL('**/login');

    // The first host again, then the second one's session put in place of it without a sign-out (as another tab
    // signing in would): the first host's page is not shown to the second.
    await login.signIn(first.email, first.password);
    await list.card('Villa First').waitFor();
    await list.waitUntilKept('Villa First');
    await storeSessionOf(page, second.email, second.password);
    letAppRun = await openWithoutAppCode(page);
    expect(await list.keptCopy.count()).toBe(0);
    await letAppRun();
    await list.card('Villa Second').waitFor();
    expect(await page.getByRole('heading', { name: 'Villa First', exact: true }).count()).toBe(0);
  });
});

/** Replaces the stored session with `email`'s, as supabase-js stores it, signed in in a second context. */
async function storeSessionOf(page: Page, email: string, password: string): Promise<void> {
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin, serviceWorkers: 'block' });
  try {
    const tab = await other.newPage();
    await new LoginPage(tab).signIn(email, password);
    const session = await tab.evaluate(() => localStorage.getItem('roomguide-auth'));
    if (!session) throw new Error('no stored session after sign-in');
    await page.evaluate((value) => localStorage.setItem('roomguide-auth', value), session);
  } finally {
    await other.close();
  }
}
