/**
 * The hotel's own information (issue 30, item 11): a host fills check-in and check-out, breakfast and restaurant
 * hours, house rules, the emergency number, the nearest pharmacy and hospital, and uploads a photo of the property on
 * the shared guide; a room overrides its check-out. A German guest reads them in German (the host's translations),
 * calls the emergency number with one tap, and reopens the guide offline with every block and the photo. The print
 * sheet puts the hotel's name and, when asked, the WiFi's name and password as text on every card, inside the card.
 */
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { hostWithProperty } from './support/api.ts';
import { collectPageErrors, screenshotWidths, useBrowser, viewports } from './support/browser.ts';
import { waitForGuide } from './support/guide.ts';
import { signIn } from './support/host.ts';
import { cardsOutsideTheirBounds } from './support/sheets-and-zips.ts';
import { guidePath } from '../../src/lib/guide-url.ts';
import { href } from '../../src/lib/paths.ts';

/** A small landscape PNG, as a phone's photo would be uploaded. */
function photoFile(): { name: string; mimeType: string; buffer: Buffer } {
  const png = new PNG({ width: 64, height: 36 });
  for (let index = 0; index < png.data.length; index += 4) png.data.set([30, 90, 168, 255], index);
  return { name: 'front.png', mimeType: 'image/png', buffer: PNG.sync.write(png) };
}

const english = {
  'Check-in': 'From 15:00',
  'Check-out': 'Until 11:00',
  Breakfast: '7:00–10:30 on the terrace',
  Restaurant: '19:00–22:30, booking at reception',
  'House rules': 'Quiet hours from 22:00.\nNo smoking in the rooms.',
  'Emergency number': '112',
  'Nearest pharmacy': 'Farmácia Estácio, Rossio 62',
  'Nearest hospital': 'Hospital de São José, Rua José António Serrano',
} as const;

/** The host's German texts, by field path. */
const german = {
  'hotel.checkIn': 'Ab 15:00 Uhr',
  'hotel.checkOut': 'Bis 11:00 Uhr',
  'hotel.breakfast': '7:00–10:30 Uhr auf der Terrasse',
  'hotel.houseRules': 'Nachtruhe ab 22 Uhr.\nRauchen in den Zimmern nicht erlaubt.',
  'hotel.pharmacy': 'Apotheke Estácio, Rossio 62',
};

/** What the guide's hotel and help cards say (their text as shown), and whether the hotel's photo has loaded. */
async function hotelBlocks(page: Page): Promise<{ hotel: string; help: string; photo: boolean }> {
  return page.evaluate(() => {
    // innerText sets paragraphs apart with blank lines: one line per text is what a guest reads.
    const card = (id: string) =>
      ((document.getElementById(id)?.closest('section') as HTMLElement | null)?.innerText ?? '')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n');
    const photo = document.querySelector<HTMLImageElement>('.rg-card-photo img');
    return { hotel: card('rg-hotel-title'), help: card('rg-help-title'), photo: Boolean(photo && photo.complete && photo.naturalWidth > 0) };
  });
}

describe('the hotel’s own information', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('is filled once on the shared guide, read by a German guest in German, online and offline, and printed', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const { host, propertyId } = await hostWithProperty({
      name: 'Pensão Rossio',
      type: 'hotel',
      original_language: 'en',
      hotel: { name: 'Pensão Rossio' },
      content: { wifi: { network: 'Rossio-Guests', password: 'tram-28-lisboa' } },
    });
    const rooms = await host.client.rpc('create_rooms', {
      property_id: propertyId,
      rooms: [
        { name: 'Room 21', room_number: '21' },
        { name: 'Room 22', room_number: '22', hotel: { checkOut: 'Until 14:00 (late check-out)' } },
      ],
    });
    expect(rooms.error).toBeNull();
    const created = (rooms.data ?? []) as { id: string; room_number: string }[];
    const idOf = (number: string) => created.find((room) => room.room_number === number)!.id;

    // The shared guide: each block is a field of its section; the photo is uploaded from the device.
    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/properties/${propertyId}/guide`);
    await page.getByRole('heading', { name: 'Shared guide', level: 1, exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Help and emergencies', exact: true }).waitFor();
    for (const [label, value] of Object.entries(english)) await page.getByRole('textbox', { name: label, exact: true }).fill(value);
    await page.getByLabel('Upload a photo: Property photo', { exact: true }).setInputFiles(photoFile());
    const photoUrl = page.getByRole('textbox', { name: 'Property photo', exact: true });
    await expect
      .poll(() => photoUrl.inputValue(), { timeout: 20_000 })
      .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/storage\/v1\/object\/public\/qr_images\/.+front\.png$/);
    await page.getByRole('img', { name: 'Property photo', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Save the shared guide', exact: true }).click();
    await page.getByText('Shared guide saved: every room that uses it shows it now', { exact: true }).first().waitFor();
    const saved = await host.client.from('properties').select('hotel').eq('id', propertyId).single();
    expect(saved.data?.hotel).toMatchObject({ checkIn: 'From 15:00', emergencyPhone: '112', houseRules: english['House rules'] });
    await screenshotWidths(page, 'shared-guide-hotel-information', [1280, 390]);

    // The host's German texts (the translations screen writes the same column).
    const translated = await host.client
      .from('properties')
      .update({ translations: { de: german } })
      .eq('id', propertyId)
      .select('id')
      .single();
    expect(translated.error).toBeNull();
    expect(problems).toEqual([]);

    const guestContext = await browser.newContext({ locale: 'de-DE', viewport: viewports.phone });
    const guest = await guestContext.newPage();
    const guestProblems = collectPageErrors(guest);
    await guest.goto(guidePath(idOf('21')));
    await waitForGuide(guest, 'tram-28-lisboa');
    await guest.locator('.rg-guide:not([data-static])').waitFor();
    const inGerman = {
      hotel: [
        'Hotelinformationen',
        'Pensão Rossio',
        'Anreise Ab 15:00 Uhr',
        'Abreise Bis 11:00 Uhr',
        'Frühstück 7:00–10:30 Uhr auf der Terrasse',
        // Not translated: the original.
        'Restaurant 19:00–22:30, booking at reception',
        'Hausordnung',
        'Nachtruhe ab 22 Uhr.\nRauchen in den Zimmern nicht erlaubt.',
      ].join('\n'),
      help: [
        'Hilfe und Notfälle',
        'Nächste Apotheke Apotheke Estácio, Rossio 62',
        'Nächstes Krankenhaus Hospital de São José, Rua José António Serrano',
        '☎ Notruf: 112',
      ].join('\n'),
      photo: true,
    };
    await expect.poll(() => hotelBlocks(guest), { timeout: 20_000 }).toEqual(inGerman);
    expect(await guest.getByRole('link', { name: '☎ Notruf: 112', exact: true }).getAttribute('href')).toBe('tel:112');
    expect(await guest.getByRole('img', { name: 'Foto des Hotels', exact: true }).count()).toBe(1);
    await screenshotWidths(guest, 'guide-hotel-information', [390, 820, 1280]);

    // Saved on the phone with the photo: offline, the reopened guide shows every block.
    await guest.setViewportSize(viewports.phone);
    await expect.poll(() => guest.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() => guest.evaluate(async () => (await (await caches.match(location.pathname))?.text()) ?? ''), { timeout: 60_000 })
      .toContain('Nachtruhe ab 22 Uhr.');
    await guestContext.setOffline(true);
    await guest.reload();
    await waitForGuide(guest, 'tram-28-lisboa');
    await guest.locator('.rg-guide:not([data-static])').waitFor();
    await guest.getByRole('status').filter({ hasText: 'Sie sind offline.' }).waitFor();
    await expect.poll(() => hotelBlocks(guest), { timeout: 20_000 }).toEqual(inGerman);
    await guestContext.setOffline(false);

    // A room's own check-out wins over the property's.
    await guest.goto(guidePath(idOf('22')));
    await waitForGuide(guest, 'tram-28-lisboa');
    await expect.poll(() => hotelBlocks(guest).then((blocks) => blocks.hotel)).toContain('Abreise Until 14:00 (late check-out)');
    expect(guestProblems).toEqual([]);
    await guestContext.close();

    // Printed cards: the hotel's name, and the WiFi's name and password as text, each card whole.
    await page.goto(href.printSheet(propertyId));
    const cards = page.getByTestId('print-card');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await cards.first().innerText()).toContain('Pensão Rossio');
    expect(await cards.first().innerText()).not.toContain('tram-28-lisboa');
    const wifiText = page.getByRole('checkbox', { name: 'WiFi name and password as text', exact: true });
    await page.locator('label', { has: wifiText }).click();
    await expect.poll(() => wifiText.isChecked()).toBe(true);
    await page.locator('#print-sheet[data-state="ready"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => cards.first().innerText()).toContain('Password: tram-28-lisboa');
    for (const text of await cards.allInnerTexts()) {
      expect(text).toContain('Pensão Rossio');
      expect(text).toContain('WiFi network: Rossio-Guests');
      expect(text).toContain('Password: tram-28-lisboa');
    }
    expect(new URL(page.url()).searchParams.get('wifiText')).toBe('1');
    expect(await cardsOutsideTheirBounds(page)).toEqual([]);
    await screenshotWidths(page, 'print-sheet-wifi-text', [1280]);
    expect(problems).toEqual([]);
  });
});
