/**
 * More than one WiFi network (issue 30, item 11): a host adds the lobby's network to the shared guide beside the
 * rooms' own; a German guest sees a WiFi card for each, the lobby's titled with its place in German, copies its
 * password and opens its QR; offline, the reopened guide still has both. The forms offer a next network only once the
 * one before it has a name, and a room shows only the networks its property sets. Screenshots of the shared guide's WiFi section
 * and of the guide at 390, 820 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hostWithProperty } from './support/api.ts';
import { collectPageErrors, screenshotWidths, useBrowser, viewports } from './support/browser.ts';
import { waitForGuide } from './support/guide.ts';
import { signIn } from './support/host.ts';
import { guidePath } from '../../src/lib/guide-url.ts';
import { href } from '../../src/lib/paths.ts';

/** Each WiFi card's title, network and password (or open-network note), in page order. */
function wifiCards(page: Page): Promise<string[][]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.rg-wifi')).map((card) => [
      card.querySelector('h2')?.textContent?.trim() ?? '',
      card.querySelector('[data-testid="wifi-network"]')?.textContent ?? '',
      card.querySelector('[data-testid="wifi-password"]')?.textContent ?? card.querySelector('dd:not(.rg-mono)')?.textContent ?? '',
    ]),
  );
}

describe('more than one WiFi network', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('shows the lobby’s network beside the room’s own, titled in the guest’s language, online and offline', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const { host, propertyId } = await hostWithProperty({
      name: 'Casa Alfama',
      type: 'hotel',
      original_language: 'en',
      hotel: { name: 'Casa Alfama' },
      content: { wifi: { network: 'Alfama-Rooms', password: 'fado-nights' } },
    });
    const rooms = await host.client.rpc('create_rooms', { property_id: propertyId, rooms: [{ name: 'Room 5', room_number: '5' }] });
    expect(rooms.error).toBeNull();
    const roomId = (rooms.data as { id: string }[])[0].id;

    // The shared guide's WiFi section: the second network's place, name and password.
    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/properties/${propertyId}/guide`);
    await page.getByRole('heading', { name: 'Shared guide', level: 1, exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Second network: where', exact: true }).fill('Lobby');
    await page.getByRole('textbox', { name: 'Second network: WiFi network', exact: true }).fill('Alfama Lobby');
    await page.getByRole('textbox', { name: 'Second network: WiFi password', exact: true }).fill(' tram 28 ');
    await page.getByRole('button', { name: 'Save the shared guide', exact: true }).click();
    await page.getByText('Shared guide saved: every room that uses it shows it now', { exact: true }).first().waitFor();
    const saved = await host.client.from('properties').select('hotel').eq('id', propertyId).single();
    // The password as typed, spaces and all; the place trimmed like every text.
    expect(saved.data?.hotel).toMatchObject({ wifi2Place: 'Lobby', wifi2Network: 'Alfama Lobby', wifi2Password: ' tram 28 ' });
    // With the second network named, the shared guide offers a third; never a fourth before the third has a name.
    await page.getByRole('textbox', { name: 'Third network: where', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Fourth network: where', exact: true }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Second network: where', exact: true }).scrollIntoViewIfNeeded();
    await screenshotWidths(page, 'shared-guide-other-wifi', [1280, 390]);

    // A room's form shows the networks its property sets, and no empty ones.
    await page.goto(href.editRoom(propertyId, roomId));
    await page.getByRole('textbox', { name: 'Second network: WiFi network', exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Third network: WiFi network', exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);

    // The host's German name for the place (the translations screen writes the same column).
    const translated = await host.client
      .from('properties')
      .update({ translations: { de: { 'hotel.wifi2Place': 'Empfang' } } })
      .eq('id', propertyId)
      .select('id')
      .single();
    expect(translated.error).toBeNull();

    const guestContext = await browser.newContext({ locale: 'de-DE', viewport: viewports.phone, permissions: ['clipboard-read', 'clipboard-write'] });
    const guest = await guestContext.newPage();
    const guestProblems = collectPageErrors(guest);
    await guest.goto(guidePath(roomId));
    await waitForGuide(guest, 'fado-nights');
    await guest.locator('.rg-guide:not([data-static])').waitFor();
    const both = [
      ['WLAN-Zugang', 'Alfama-Rooms', 'fado-nights'],
      ['WLAN: Empfang', 'Alfama Lobby', ' tram 28 '],
    ];
    await expect.poll(() => wifiCards(guest)).toEqual(both);

    // The lobby's card works on its own: its password is copied, its QR joins its network.
    const lobby = guest.getByRole('region', { name: 'WLAN: Empfang', exact: true });
    await lobby.getByRole('button', { name: 'Passwort kopieren', exact: true }).click();
    await expect.poll(() => guest.evaluate(() => navigator.clipboard.readText())).toBe(' tram 28 ');
    await lobby.getByRole('button', { name: 'Mit der Kamera verbinden', exact: true }).click();
    await lobby.getByRole('img', { name: 'QR-Code zum Verbinden mit dem WLAN Alfama Lobby', exact: true }).waitFor();
    expect(await guest.getByRole('region', { name: 'WLAN-Zugang', exact: true }).getByRole('img').count()).toBe(0);
    await screenshotWidths(guest, 'guide-other-wifi', [390, 820, 1280]);

    // Saved on the phone: offline, the reopened guide still offers both networks.
    await guest.setViewportSize(viewports.phone);
    await expect.poll(() => guest.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() => guest.evaluate(async () => (await (await caches.match(location.pathname))?.text()) ?? ''), { timeout: 60_000 })
      .toContain('Alfama Lobby');
    await guestContext.setOffline(true);
    await guest.reload();
    await waitForGuide(guest, 'fado-nights');
    await expect.poll(() => wifiCards(guest)).toEqual(both);
    await guestContext.setOffline(false);
    expect(guestProblems).toEqual([]);
  });
});
