/**
 * The host's texts in the guest's language: a host gives Japanese texts for the hotel description and one activity;
 * a Japanese browser sees them on every way the guide is drawn (the first paint before the scripts arrive, the live
 * page, the page saved for the next opening and that page offline), a French browser sees the originals, and
 * switching language in the guide switches the texts. The host gives them once through the API and once through the
 * translations editor (/dashboard/properties/:id/translations).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { guidePath } from '../../src/lib/guide-url.ts';
import { serviceClient, signedInClient } from './support/api.ts';
import { screenshot, useBrowser, viewports } from './support/browser.ts';
import { signIn } from './support/host.ts';
import { GUIDE_PAGES_CACHE } from '../../src/first-paint/contract.ts';

const original = {
  description: 'Breakfast from 7:00 in the courtyard.',
  activities: ['Harbour walk', 'Fish market'],
  location: 'Old harbour, Palma',
};
const japanese = { description: '中庭で7時から朝食。', fishMarket: '魚市場' };
const PASSWORD = 'tide;pool,305';

interface Shown {
  description: string;
  activities: string[];
  location: string;
}

function shownIn(page: Page, html: string | null = null): Promise<Shown> {
  return page.evaluate((source) => {
    const doc = source === null ? document : new DOMParser().parseFromString(source, 'text/html');
    return {
      description: doc.querySelector('#rg-hotel-title ~ p.rg-text')?.textContent ?? '',
      activities: Array.from(doc.querySelectorAll('.rg-list li'), (item) => item.textContent ?? ''),
      location: doc.querySelector('#rg-area-title ~ p.rg-text')?.textContent ?? '',
    };
  }, html);
}

const inJapanese: Shown = { description: japanese.description, activities: ['Harbour walk', japanese.fishMarket], location: `所在地 ${original.location}` };
const inFrench: Shown = { description: original.description, activities: original.activities, location: `Emplacement ${original.location}` };

const live = (page: Page) => page.locator('.rg-guide:not([data-static])').waitFor();

async function savedPage(page: Page, path: string): Promise<string | null> {
  return page.evaluate(async ({ saved, cacheName }) => (await (await caches.match(saved, { cacheName }))?.text()) ?? null, {
    saved: path,
    cacheName: GUIDE_PAGES_CACHE,
  });
}

/** A host's property with the hotel and area texts in English and one room that inherits them. */
async function createHostGuide(): Promise<{ roomId: string; propertyId: string; host: Awaited<ReturnType<typeof signedInClient>> }> {
  const host = await signedInClient();
  const quota = await serviceClient().from('users').update({ qr_code_limit: 5 }).eq('id', host.userId).select('id').single();
  if (quota.error) throw new Error(quota.error.message);
  const property = await host.client
    .from('properties')
    .insert({
      name: 'Aurora',
      type: 'hotel',
      address: 'Carrer del Mar 1, Palma',
      original_language: 'en',
      hotel: { name: 'Hotel Aurora', description: original.description },
      area: { location: original.location, activities: original.activities },
      content: { wifi: { network: 'Aurora-Guests', password: PASSWORD } },
    })
    .select('id')
    .single();
  if (property.error) throw new Error(property.error.message);
  const room = await host.client.from('qr_codes').insert({ property_id: property.data.id, name: 'Harbour Room', room_number: '305' }).select('id').single();
  if (room.error) throw new Error(room.error.message);
  return { roomId: room.data.id as string, propertyId: property.data.id as string, host };
}

async function addJapaneseThroughApi(client: Awaited<ReturnType<typeof signedInClient>>['client'], propertyId: string): Promise<void> {
  const { error } = await client
    .from('properties')
    .update({ translations: { ja: { 'hotel.description': japanese.description, 'area.activities': { 'Fish market': japanese.fishMarket } } } })
    .eq('id', propertyId);
  if (error) throw new Error(error.message);
}

describe('the host’s texts in the guest’s language', () => {
  const browser = useBrowser({ viewport: viewports.phone, locale: 'ja-JP' });
  let roomPath: string;

  beforeAll(async () => {
    const { roomId, propertyId, host } = await createHostGuide();
    await addJapaneseThroughApi(host.client, propertyId);
    roomPath = guidePath(roomId);
  });

  it('a Japanese browser sees them in the first paint, before the scripts arrive', async () => {
    const { page } = browser;
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(roomPath);
    await page.locator('.rg-guide[data-static]').waitFor();
    expect(await shownIn(page)).toEqual(inJapanese);
  });

  it('a Japanese browser sees them live, on the saved page and offline', async () => {
    const { page, context } = browser;
    await page.goto(roomPath);
    await live(page);
    await expect.poll(() => shownIn(page)).toEqual(inJapanese);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => savedPage(page, roomPath), { timeout: 60_000 }).toContain(japanese.description);
    await reopenInEveryWay(page, context, roomPath, inJapanese, 'オフラインです。');
  });

  it('a French browser sees the originals, and switching to Japanese in the guide switches the texts', async () => {
    const context = await browser.newContext({ locale: 'fr-FR', viewport: viewports.phone });
    const page = await context.newPage();
    await page.goto(roomPath);
    await live(page);
    await expect.poll(() => shownIn(page)).toEqual(inFrench);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => savedPage(page, roomPath), { timeout: 60_000 }).toContain(original.description);
    await reopenInEveryWay(page, context, roomPath, inFrench, 'Vous êtes hors ligne.');
    // Online again, from the network: the page left offline shows the saved copy and saves nothing until it has
    // reloaded by itself on the 'online' event, which a busy machine can miss; a reload does not depend on it.
    await page.reload();
    await live(page);
    await expect.poll(() => shownIn(page)).toEqual(inFrench);

    await page.getByRole('combobox', { name: 'Langue', exact: true }).selectOption('ja');
    await expect.poll(() => shownIn(page)).toEqual(inJapanese);
    // The choice is saved for the next opening, which shows the Japanese texts also offline.
    await expect.poll(() => savedPage(page, roomPath), { timeout: 60_000 }).toContain(japanese.description);
    await reopenInEveryWay(page, context, roomPath, inJapanese, 'オフラインです。');
  });
});

/**
 * Reloads from the saved page online and offline: as served (before any script) and live, the same texts. Offline,
 * it waits for the live guide's note that it shows the saved copy (`offlineNote`, the note's first sentence in the
 * guide's language) before going back online, so the page has settled on the saved copy first.
 */
async function reopenInEveryWay(page: Page, context: BrowserContext, path: string, expected: Shown, offlineNote: string): Promise<void> {
  const note = page.getByRole('status').filter({ hasText: offlineNote });
  for (const offline of [false, true]) {
    await context.setOffline(offline);
    const response = await page.reload();
    const served = (await response?.text()) ?? '';
    expect(await shownIn(page, served), offline ? 'offline, as served' : 'saved page, as served').toEqual(expected);
    await live(page);
    await expect.poll(() => shownIn(page), { message: offline ? 'offline, live' : 'saved page, live' }).toEqual(expected);
    expect(new URL(page.url()).pathname).toBe(path);
    if (offline) await note.waitFor();
  }
  await context.setOffline(false);
}

describe('the translations editor', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });

  it('a host adds the Japanese texts; machine texts of other languages stay flagged and kept; a Japanese guest sees them', async () => {
    const { roomId, propertyId, host } = await createHostGuide();
    // A machine translation of another language, as translate-guide stores it (service role only).
    const machine = await serviceClient()
      .from('properties')
      .update({ translations: { es: { 'hotel.name': { text: 'Hotel Aurora (es)', source: 'machine' } } } })
      .eq('id', propertyId);
    if (machine.error) throw new Error(machine.error.message);

    const { page } = browser;
    await signIn(page, host.email, host.password);
    // The editor asks translate-guide whether a provider is set; the test stack sets no DeepL key.
    const availability = page.waitForResponse((response) => response.url().includes('/functions/v1/translate-guide') && response.request().method() === 'GET');
    // From the property's page, where its screens are gathered.
    await page.getByRole('link', { name: 'View QR Codes', exact: true }).click();
    await page.getByRole('navigation', { name: 'The property’s screens', exact: true }).getByRole('link', { name: 'Translations', exact: true }).click();
    await page.getByRole('heading', { name: 'Translations: Aurora', exact: true }).waitFor();
    expect(await (await availability).json()).toEqual({ available: false, provider: null });
    // Without a key the button is not shown.
    expect(await page.getByRole('button', { name: 'Translate missing', exact: true }).count()).toBe(0);
    // Nothing translated yet: Japanese misses all five texts (hotel name, description, location, two activities).
    await page.getByText('日本語: 5 texts missing', { exact: true }).waitFor();

    // Spanish, the first tab: the machine text is flagged for review.
    await page.getByRole('tab', { name: 'Español' }).click();
    await page.getByText('Machine translation: please review', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Hotel name', exact: true }).inputValue()).toBe('Hotel Aurora (es)');

    await page.getByRole('tab', { name: '日本語' }).click();
    const panel = page.getByRole('tabpanel', { name: '日本語' });
    await panel.getByRole('textbox', { name: 'Hotel description', exact: true }).fill(japanese.description);
    await panel.getByRole('textbox', { name: 'Activity: Fish market', exact: true }).fill(japanese.fishMarket);
    await panel.getByRole('button', { name: 'Save translations', exact: true }).click();
    await page.getByText('Translations saved', { exact: true }).first().waitFor();
    await page.getByText('日本語: 3 texts missing', { exact: true }).waitFor();
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'translations-property');
    }

    const saved = await serviceClient().from('properties').select('translations').eq('id', propertyId).single();
    expect(saved.data?.translations).toEqual({
      ja: {
        'hotel.description': { text: japanese.description, source: 'host' },
        'area.activities': { 'Fish market': { text: japanese.fishMarket, source: 'host' } },
      },
      es: { 'hotel.name': { text: 'Hotel Aurora (es)', source: 'machine' } },
    });

    // A text too long for the field: the database's rule, shown at the field in the host's language; nothing lost.
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.getByRole('textbox', { name: 'Location', exact: true }).evaluate((input: HTMLInputElement) => input.removeAttribute('maxlength'));
    await panel.getByRole('textbox', { name: 'Location', exact: true }).fill('長'.repeat(301));
    await panel.getByRole('button', { name: 'Save translations', exact: true }).click();
    await panel.getByText('This text can be at most 300 characters.', { exact: true }).waitFor();
    expect(await panel.getByRole('textbox', { name: 'Location', exact: true }).inputValue()).toBe('長'.repeat(301));

    // The room's page: its own name to translate, completeness at a glance.
    await page.goto(`/dashboard/properties/${propertyId}/qrcodes/${roomId}/translations`);
    await page.getByRole('heading', { name: 'Translations: Harbour Room', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Room name', exact: true }).first().waitFor();
    for (const width of [390, 820, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'translations-room');
    }

    const guest = await browser.newContext({ locale: 'ja-JP', viewport: viewports.phone });
    const guestPage = await guest.newPage();
    await guestPage.goto(guidePath(roomId));
    await live(guestPage);
    await expect.poll(() => shownIn(guestPage)).toEqual(inJapanese);
    await expect.poll(() => guestPage.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => savedPage(guestPage, guidePath(roomId)), { timeout: 60_000 }).toContain(japanese.description);
    await reopenInEveryWay(guestPage, guest, guidePath(roomId), inJapanese, 'オフラインです。');
  });
});
