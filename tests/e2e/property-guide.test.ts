/**
 * The shared guide of a property: the host changes the hotel's phone and the WiFi password once, and every room's
 * guide shows them, except the WiFi password of a room that has its own. A refused value is shown at its field and
 * nothing typed is lost.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hostWithProperty } from './support/api.ts';
import { collectPageErrors, screenshot, useBrowser } from './support/browser.ts';
import { signIn } from './support/host.ts';
import { guidePath } from '../../src/lib/guide-url.ts';

async function guideShows(page: Page, roomId: string): Promise<{ password: string; phone: boolean }> {
  await page.goto(guidePath(roomId));
  const password = page.getByTestId('wifi-password');
  await password.waitFor();
  return {
    password: (await password.textContent()) ?? '',
    phone: (await page.getByRole('link', { name: 'Phone: ☎ +34 911 222 333', exact: true }).count()) > 0,
  };
}

describe('shared guide of a property', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('changes the phone and WiFi of every inheriting room at once, and keeps a room’s own password', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const { host, propertyId } = await hostWithProperty({
      name: 'Casa Lumen',
      type: 'other',
      hotel: { name: 'Casa Lumen', phone: '+34 900 111 111' },
      content: { wifi: { network: 'Lumen', password: 'old-shared-pass' } },
    });
    const rooms = await host.client.rpc('create_rooms', {
      property_id: propertyId,
      rooms: [
        { name: 'Room 101', room_number: '101' },
        { name: 'Room 107', room_number: '107', content: { wifi: { password: 'room-107-own' } } },
      ],
    });
    expect(rooms.error).toBeNull();
    const created = (rooms.data ?? []) as { id: string; room_number: string }[];
    const idOf = (number: string) => created.find((room) => room.room_number === number)!.id;

    await signIn(page, host.email, host.password);
    const card = page.getByTestId('property-card').filter({ hasText: 'Casa Lumen' });
    // Type Other: rooms, not a hotel. The card's menu has the rest of the property's screens.
    await card.getByRole('button', { name: 'More actions', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Create room QR', exact: true }).waitFor();
    await page.getByRole('menuitem', { name: 'Shared guide', exact: true }).click();
    await page.getByRole('heading', { name: 'Shared guide', level: 1, exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Phone', exact: true }).inputValue()).toBe('+34 900 111 111');

    // A refused value: the database's rule, shown at its field; what was typed stays.
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+34 911 222 333');
    await page.getByRole('textbox', { name: 'Website', exact: true }).fill('ftp://casa-lumen.example');
    await page.getByRole('button', { name: 'Save the shared guide', exact: true }).click();
    await page.getByText('Enter a full link starting with https:// or http://', { exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Phone', exact: true }).inputValue()).toBe('+34 911 222 333');

    await page.getByRole('textbox', { name: 'Website', exact: true }).fill('https://casa-lumen.example');
    await page.getByRole('textbox', { name: 'WiFi password', exact: true }).fill('new-shared-pass');
    for (const width of [1280, 820, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'property-guide');
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Save the shared guide', exact: true }).click();
    await page.getByText('Shared guide saved: every room that uses it shows it now', { exact: true }).waitFor();

    expect(await guideShows(page, idOf('101'))).toEqual({ password: 'new-shared-pass', phone: true });
    expect(await guideShows(page, idOf('107'))).toEqual({ password: 'room-107-own', phone: true });
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
  });
});
