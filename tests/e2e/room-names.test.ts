/**
 * A room called by its number reads in the guest's language (issue 30, items 1 and 2): an English host makes rooms
 * 131–133 in bulk with the form's default names ("Room 131" …) and gives the hotel's name in Spanish and German; a
 * Spanish and a German guest of room 133 read its heading, the room chip, the page title and the hotel's name in
 * the header only in their language. A room with a name of its own keeps it. The property's translations page lists
 * only that room's name as missing, not the rooms called by their number (item 6).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hostWithProperty } from './support/api.ts';
import { collectPageErrors, screenshot, screenshotWidths, useBrowser, viewports } from './support/browser.ts';
import { signIn } from './support/host.ts';
import { guidePath } from '../../src/lib/guide-url.ts';

interface GuestView {
  heading: string;
  room: string;
  brand: string;
  title: string;
}

const live = (page: Page) => page.locator('.rg-guide:not([data-static])').waitFor();

function guestView(page: Page): Promise<GuestView> {
  return page.evaluate(() => ({
    heading: document.querySelector('h1')?.textContent ?? '',
    room: document.querySelector('.rg-room')?.textContent ?? '',
    brand: document.querySelector('.rg-brand')?.textContent ?? '',
    title: document.title,
  }));
}

describe('room names in the guest’s language', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('a Spanish and a German guest of a bulk-made room read its heading and the hotel’s name only in their language', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const { host, propertyId } = await hostWithProperty({
      name: 'Grand Hotel Lisboa',
      type: 'hotel',
      original_language: 'en',
      hotel: { name: 'Grand Hotel Lisboa' },
      translations: { es: { 'hotel.name': 'Gran Hotel Lisboa' }, de: { 'hotel.name': 'Grand Hotel Lissabon' } },
    });
    const suite = await host.client.from('qr_codes').insert({ property_id: propertyId, name: 'Suite Tejo', room_number: '134' }).select('id').single();
    expect(suite.error).toBeNull();

    // The bulk form's names are the number in the host's words, and say that guests read them in theirs.
    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/properties/${propertyId}/qrcodes/bulk`);
    await page.getByRole('heading', { name: 'Add many rooms', level: 1 }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Room name', exact: true }).inputValue()).toBe('Room {n}');
    await page
      .getByText('{n} stands for the room number. A name that only gives the number (“Room {n}”) reads in each guest’s language.', { exact: true })
      .waitFor();
    await page.getByRole('textbox', { name: 'First room number', exact: true }).fill('131');
    await page.getByRole('textbox', { name: 'Last room number', exact: true }).fill('133');
    await page.getByRole('row', { name: /^3 Room 133 133 / }).waitFor();
    await page.getByRole('button', { name: 'Create 3 rooms', exact: true }).click();
    await page.getByText('Grand Hotel Lisboa · 4 rooms', { exact: true }).waitFor();
    const made = await host.client.from('qr_codes').select('id, name').eq('property_id', propertyId).eq('room_number', '133').single();
    expect(made.data?.name).toBe('Room 133');
    const roomPath = guidePath(made.data!.id as string);
    expect(problems).toEqual([]);

    const guests = [
      {
        locale: 'es-ES',
        view: { heading: 'Bienvenido a Habitación 133', room: 'Habitación 133', brand: 'Gran Hotel Lisboa', title: 'Habitación 133 · Gran Hotel Lisboa' },
      },
      {
        locale: 'de-DE',
        view: { heading: 'Willkommen im Zimmer 133', room: 'Zimmer 133', brand: 'Grand Hotel Lissabon', title: 'Zimmer 133 · Grand Hotel Lissabon' },
      },
    ];
    for (const { locale, view } of guests) {
      const context = await browser.newContext({ locale, viewport: viewports.phone });
      const guest = await context.newPage();
      const guestProblems = collectPageErrors(guest);
      await guest.goto(roomPath);
      await live(guest);
      await expect.poll(() => guestView(guest)).toEqual(view);
      const shown = await guest.locator('.rg-guide').innerText();
      expect(shown).not.toContain('Room 133');
      if (locale === 'de-DE') await screenshot(guest, 'guide-room-name-de');
      // A room with a name of its own keeps it in every language.
      await guest.goto(guidePath(suite.data!.id as string));
      await live(guest);
      await expect.poll(() => guestView(guest).then((shownView) => shownView.heading)).toBe(view.heading.replace(/\S+ 133$/, 'Suite Tejo'));
      expect(guestProblems).toEqual([]);
      await context.close();
    }

    // The property's translations page: what is missing first, and the rooms called by their number are no alarm.
    await page.goto(`/dashboard/properties/${propertyId}/translations`);
    await page.getByRole('heading', { name: 'Translations: Grand Hotel Lisboa', exact: true }).waitFor();
    const missing = page.getByTestId('room-translation-status');
    await missing.first().waitFor();
    expect(await missing.allInnerTexts()).toEqual([expect.stringContaining('Room name: not translated yet')]);
    expect(await missing.innerText()).toContain('Suite Tejo');
    await page.getByText('3 rooms have no text of their own: their names are their numbers, the rest comes from the property.', { exact: true }).waitFor();
    await screenshotWidths(page, 'property-translations', [1280, 820, 390]);
    expect(problems).toEqual([]);
  });
});
