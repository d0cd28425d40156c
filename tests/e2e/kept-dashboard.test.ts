/**
 * The dashboard painted before the app's code has run (src/first-paint/dashboard/painter.ts): the page's template
 * filled in with the property list kept on the device from the last visit (kept-data.ts), or on a host's first visit
 * on a device with the early reads' answer; the live list replaces it. Never after sign-out nor for another user,
 * and the next visit shows what the last one showed. The app's code (its start chunk) is held back while a test looks
 * at what was painted without it; the service worker is off so every request is the page's.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { collectPageErrors, useBrowser, viewports } from './support/browser.ts';
import { serviceClient, signedInClient, uniqueEmail } from './support/api.ts';
import { LoginPage } from './support/pages/login-page.ts';
import { PropertyListPage } from './support/pages/property-list-page.ts';
import { AUTH_STORAGE_KEY, KEPT_DASHBOARD_STORAGE_KEY, TAPPED_ATTRIBUTE } from '../../src/first-paint/contract.ts';

const appCode = '**/assets/start-*.js';

/** Opens `path` (the dashboard) with the app's code held back until the returned function lets it through. */
async function openWithoutAppCode(page: Page, path = '/dashboard'): Promise<() => Promise<void>> {
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
  await page.goto(path, { waitUntil: 'domcontentloaded' });
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

/** A new host with one property, signed in on the dashboard, whose list has been kept on the device. */
async function signedInWithKeptList(page: Page, name: string) {
  const host = await newHostWithProperty(name);
  const list = new PropertyListPage(page);
  await new LoginPage(page).signIn(host.email, host.password);
  await list.card(name).waitFor();
  await list.waitUntilKept(name);
  return { host, list };
}

describe('the dashboard kept on the device', () => {
  const browser = useBrowser({ serviceWorkers: 'block' });

  it('paints the last list for the same host before the app runs, hands over to the live list, and keeps changes', async () => {
    const { page } = browser;
    const errors = collectPageErrors(page);
    const { host, list } = await signedInWithKeptList(page, 'Casa Kept');

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

    // What is kept is the list, not the page: a visit on a phone paints it too, laid out for the phone.
    await page.setViewportSize(viewports.phone);
    letAppRun = await openWithoutAppCode(page);
    await list.keptCopy.waitFor();
    expect(await list.keptPropertyNames()).toEqual(['Casa Kept', 'Casa Kept Annex']);
    const paintedOnPhone = await list.keptCopy.getByTestId('property-card').first().boundingBox();
    await letAppRun();
    await list.card('Casa Kept').waitFor();
    expect(await list.card('Casa Kept').root.boundingBox()).toEqual(paintedOnPhone);
    expect(errors).toEqual([]);
  });

  it('answers a tap on the painted list once the app is live: the tapped link opens its page', async () => {
    const { page } = browser;
    const errors = collectPageErrors(page);
    const { list } = await signedInWithKeptList(page, 'Casa Tapped');

    const letAppRun = await openWithoutAppCode(page);
    await list.keptCopy.waitFor();
    // The copy is hidden from assistive technology: found by its text.
    const link = list.keptCopy.getByText('View QR Codes', { exact: true });
    await link.click();
    await expect.poll(() => link.getAttribute(TAPPED_ATTRIBUTE)).toBe('');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await letAppRun();
    await page.waitForURL(/\/dashboard\/properties\/[0-9a-f-]{36}\/qrcodes$/);
    // The room list (its New QR Code link is in the header and in the empty list's prompt).
    await page.getByRole('link', { name: 'New QR Code', exact: true }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('opens a card’s menu on the painted list at once; the live card’s menu takes it over, and an item tapped is chosen', async () => {
    const { page } = browser;
    const errors = collectPageErrors(page);
    const { list } = await signedInWithKeptList(page, 'Casa Menu');

    let letAppRun = await openWithoutAppCode(page);
    await list.keptCopy.waitFor();
    const copiedButton = list.keptCopy.locator('button[aria-label="More actions"]');
    const copiedMenu = list.keptCopy.locator('[role=menu]');
    await copiedButton.click();
    await copiedMenu.locator('a', { hasText: 'Edit' }).waitFor(); // shown: the platform opened it, with no app code
    // Under its button, their right edges aligned.
    const [button, menu] = [(await copiedButton.boundingBox())!, (await copiedMenu.boundingBox())!];
    expect(menu.y).toBeGreaterThanOrEqual(button.y + button.height);
    expect(Math.abs(menu.x + menu.width - (button.x + button.width))).toBeLessThan(1);
    await letAppRun();
    // The live card's menu, open in its place, with the focus on its first item.
    const liveMenu = page.getByRole('menu', { name: 'More actions', exact: true });
    await liveMenu.waitFor();
    expect(await list.keptCopy.count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Create Hotel QR');
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Delete');
    await page.keyboard.press('Escape');
    await liveMenu.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More actions');

    // An item tapped on the painted menu is chosen once the app is live.
    letAppRun = await openWithoutAppCode(page);
    await list.keptCopy.waitFor();
    await copiedButton.click();
    const edit = copiedMenu.locator('a', { hasText: 'Edit' });
    await edit.click();
    await expect.poll(() => edit.getAttribute(TAPPED_ATTRIBUTE)).toBe('');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await letAppRun();
    await page.waitForURL(/\/dashboard\/properties\/[0-9a-f-]{36}\/edit$/);
    await page.getByRole('heading', { name: 'Edit Property', exact: true }).waitFor();
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
    expect(await page.evaluate((key) => localStorage.getItem(key), KEPT_DASHBOARD_STORAGE_KEY)).toBeNull();
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
    // The second host's first visit on this device: their own list, painted from the page's template.
    await list.keptCopy.waitFor();
    expect(await list.keptPropertyNames()).toEqual(['Villa Second']);
    await letAppRun();
    await list.card('Villa Second').waitFor();
    expect(await page.getByRole('heading', { name: 'Villa First', exact: true }).count()).toBe(0);
  });
});

describe('a host’s first visit on a device', () => {
  const browser = useBrowser({ serviceWorkers: 'block' });

  it('paints the property list from the page’s template before the app runs, with the host’s values as text', async () => {
    const { page } = browser;
    const errors = collectPageErrors(page);
    const host = await signedInClient(uniqueEmail('first-paint'));
    expect((await serviceClient().from('users').update({ qr_code_limit: 10 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    const hotel = await host.client.from('properties').insert({ name: 'Casa Primera', type: 'hotel', address: 'Calle Mayor 1, Sevilla' }).select('id').single();
    const other = await host.client.from('properties').insert({ name: 'Finca <img src=x onerror=alert(1)>', type: 'other' }).select('id').single();
    expect(hotel.error ?? other.error).toBeNull();
    const rooms = await host.client.rpc('create_rooms', {
      property_id: hotel.data!.id,
      rooms: [
        { name: 'Room 1', room_number: '1' },
        { name: 'Room 2', room_number: '2' },
      ],
    });
    expect(rooms.error).toBeNull();
    const list = new PropertyListPage(page);
    await new LoginPage(page).signIn(host.email, host.password);
    await list.card('Casa Primera').waitFor();
    await list.waitUntilKept('Casa Primera');
    // As on a device this host has never used: the session is there, nothing is kept.
    await page.evaluate((key) => localStorage.removeItem(key), KEPT_DASHBOARD_STORAGE_KEY);

    const letAppRun = await openWithoutAppCode(page);
    await list.keptCopy.waitFor();
    expect(await list.keptPropertyNames()).toEqual(['Casa Primera', 'Finca <img src=x onerror=alert(1)>']);
    const copiedCards = list.keptCopy.getByTestId('property-card');
    expect(await copiedCards.getByTestId('room-count').allInnerTexts()).toEqual(['2 rooms', '0 rooms']);
    expect(await copiedCards.nth(0).innerText()).toContain('Calle Mayor 1, Sevilla');
    // Each kind of property from its own sample card (the type's badge), every card with its menu button.
    expect(await copiedCards.nth(0).innerText()).toMatch(/^Hotel$/m);
    expect(await copiedCards.nth(1).innerText()).toMatch(/^Other$/m);
    expect(await copiedCards.locator('button[aria-label="More actions"]').count()).toBe(2); // the copy is hidden from assistive technology
    expect(await list.keptCopy.getByTestId('welcome-line').innerText()).toBe(`Welcome, ${host.email}`);
    expect(await list.keptCopy.locator('img').count()).toBe(0);
    expect(await copiedCards.nth(0).locator('a', { hasText: 'View QR Codes' }).getAttribute('href')).toBe(`/dashboard/properties/${hotel.data!.id}/qrcodes`);
    const copiedBox = await copiedCards.nth(1).boundingBox();

    await letAppRun();
    await list.card('Casa Primera').waitFor();
    expect(await list.keptCopy.count()).toBe(0);
    // The live page has the navbar's account items from the moment it replaces the copy (no gap in the navbar).
    expect(await page.getByRole('button', { name: 'Sign Out', exact: true }).isVisible()).toBe(true);
    // The live list takes the copy's place exactly.
    expect(await list.card('Finca <img src=x onerror=alert(1)>').root.boundingBox()).toEqual(copiedBox);
    expect(await list.card('Casa Primera').roomCount()).toBe('2 rooms');

    // On a phone too (the template's styles carry every breakpoint): the first card, under the navbar and welcome line.
    await page.setViewportSize(viewports.phone);
    await page.evaluate((key) => localStorage.removeItem(key), KEPT_DASHBOARD_STORAGE_KEY);
    const letAppRunOnPhone = await openWithoutAppCode(page);
    await list.keptCopy.waitFor();
    const copiedOnPhone = await list.keptCopy.getByTestId('property-card').first().boundingBox();
    await letAppRunOnPhone();
    await list.card('Casa Primera').waitFor();
    expect(await list.card('Casa Primera').root.boundingBox()).toEqual(copiedOnPhone);
    expect(errors).toEqual([]);
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
    const session = await tab.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY);
    if (!session) throw new Error('no stored session after sign-in');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, session] as const);
  } finally {
    await other.close();
  }
}

describe('a property’s room list opened directly', () => {
  const browser = useBrowser({ serviceWorkers: 'block' });

  it('asks for its rows, its code and its strings before the app has started, and shows the rooms', async () => {
    const { page } = browser;
    const errors = collectPageErrors(page);
    const host = await signedInClient(uniqueEmail('room-list-early'));
    expect((await serviceClient().from('users').update({ qr_code_limit: 10 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    const property = await host.client
      .from('properties')
      .insert({ name: 'Casa Early', type: 'hotel', hotel: { name: 'Casa Early' } })
      .select('id')
      .single();
    expect(property.error).toBeNull();
    const rooms = await host.client.rpc('create_rooms', { property_id: property.data!.id, rooms: [{ name: 'Room 7', room_number: '7' }] });
    expect(rooms.error).toBeNull();
    await new LoginPage(page).signIn(host.email, host.password);
    await new PropertyListPage(page).card('Casa Early').waitFor();

    // Realtime kept shut: a channel that joins marks every read stale and reads again, which would be counted below.
    await page.routeWebSocket(/\/realtime\/v1\//, (socket) => socket.close());
    const requested: string[] = [];
    const guideReads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      requested.push(url.pathname);
      if (url.pathname === '/rest/v1/properties' && url.searchParams.get('id') === `eq.${property.data!.id}`) guideReads.push(url.search);
    });
    const letAppRun = await openWithoutAppCode(page, `/dashboard/properties/${property.data!.id}/qrcodes`);
    // While the app's code is held back: the list's reads (its shared guide's too), its screen's code and its strings
    // are on their way.
    await expect.poll(() => ['/rest/v1/qr_codes', '/rest/v1/properties', '/rest/v1/rpc/my_teams'].filter((path) => !requested.includes(path))).toEqual([]);
    await expect.poll(() => guideReads.length).toBe(1);
    await expect.poll(() => requested.some((path) => /\/assets\/room-list-page-[\w-]+\.js$/.test(path))).toBe(true);
    await expect.poll(() => requested.some((path) => /\/assets\/rooms-[\w-]+\.js$/.test(path))).toBe(true);
    await letAppRun();
    await page.getByRole('heading', { name: 'Room 7', exact: true }).waitFor();
    await page.getByTestId('shared-guide-summary').getByText('Casa Early', { exact: true }).waitFor();
    // Each read once: the list and its overview took the early answers instead of asking again.
    expect(requested.filter((path) => path === '/rest/v1/qr_codes')).toHaveLength(1);
    expect(guideReads).toHaveLength(1);
    expect(await page.locator('[data-live]').getAttribute('data-live')).not.toBe('live');
    expect(errors).toEqual([]);
  });
});
