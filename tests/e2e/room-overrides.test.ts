/**
 * A room overrides one shared field and inherits the rest: the host opens room 107 of a hotel whose rooms 101–140 were
 * made in bulk, sees its WiFi password coming from the property, gives the room its own, then changes the hotel's phone once
 * in the shared guide. Every guide shows the new phone; room 107 shows its own password, the others the property's.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serviceClient, signedInClient } from './support/api.ts';
import { collectPageErrors, screenshot, useBrowser } from './support/browser.ts';
import { waitForGuide } from './support/guide.ts';
import { signIn } from './support/host.ts';
import { RoomFormPage } from './support/pages/room-form-page.ts';
import { guidePath } from '../../src/lib/guide-url.ts';

/** What a guest of the room sees: the WiFi password and the hotel's phone button. */
async function guideShows(page: Page, roomId: string): Promise<{ password: string; phone: string }> {
  await page.goto(guidePath(roomId));
  const password = page.getByTestId('wifi-password');
  await password.waitFor();
  const phone = page.getByRole('link', { name: /^Phone: / });
  return { password: (await password.textContent()) ?? '', phone: (await phone.textContent())?.replace(/^.*☎\s*/, '') ?? '' };
}

describe('room overrides', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('keeps room 107’s own WiFi password while the shared phone and password reach every room', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const host = await signedInClient();
    expect((await serviceClient().from('users').update({ qr_code_limit: 50 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    const property = await host.client
      .from('properties')
      .insert({
        name: 'Hotel Brisa',
        type: 'hotel',
        hotel: { name: 'Hotel Brisa', phone: '+34 900 100 100' },
        content: { wifi: { network: 'Brisa-Guests', password: 'brisa-shared' } },
      })
      .select('id')
      .single();
    expect(property.error).toBeNull();
    const propertyId = property.data!.id as string;
    const bulk = await host.client.rpc('create_rooms', {
      property_id: propertyId,
      rooms: Array.from({ length: 40 }, (_, i) => ({ name: `Room ${101 + i}`, room_number: String(101 + i) })),
    });
    expect(bulk.error).toBeNull();
    const idOf = (number: string) => ((bulk.data ?? []) as { id: string; room_number: string }[]).find((room) => room.room_number === number)!.id;

    // The property's room list shows the shared guide in one band, with the way to edit it.
    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/properties/${propertyId}/qrcodes`);
    const overview = page.getByRole('region', { name: 'Property overview', exact: true });
    await overview.getByText('+34 900 100 100', { exact: true }).waitFor();
    expect(await overview.getByText('Brisa-Guests', { exact: true }).count()).toBe(1);
    expect(await overview.getByTestId('property-scans').textContent()).toBe('0');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'room-list-overview');
    }

    await page.getByRole('searchbox', { name: 'Search by name or room number', exact: true }).fill('107');
    await page.getByTestId('qr-card').filter({ hasText: 'Room 107' }).getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit QR Code', level: 1, exact: true }).waitFor();
    const password = page.getByRole('textbox', { name: 'WiFi password', exact: true });
    await expect.poll(() => password.getAttribute('placeholder')).toBe('brisa-shared');
    expect(await password.inputValue()).toBe('');
    const override = page.getByRole('button', { name: 'Override for this room: WiFi password', exact: true });
    expect(await override.isVisible()).toBe(true);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'room-form-inherited');
    }

    await override.click();
    expect(await password.inputValue()).toBe('brisa-shared');
    await password.fill('room-107-own');
    await page.getByRole('button', { name: "Use the property's value: WiFi password", exact: true }).waitFor();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, 'room-form-override');
    }
    await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await page.getByText('QR code updated!', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Room 107', level: 1, exact: true }).waitFor();
    // Only the override was stored: the room still inherits everything else.
    const stored = await host.client.from('qr_codes').select('hotel, area, content, template').eq('id', idOf('107')).single();
    expect(stored.data).toEqual({ hotel: {}, area: {}, content: { wifi: { password: 'room-107-own' } }, template: null });
    // The room's page says what it sets for itself.
    const ownSettings = page.getByLabel("This room's own settings", { exact: true });
    await ownSettings.getByText('room-107-own', { exact: true }).waitFor();
    expect(await ownSettings.getByText('WiFi password', { exact: true }).count()).toBe(1);

    // The phone changes once, in the shared guide.
    await page.goto(`/dashboard/properties/${propertyId}/qrcodes`);
    await page.getByRole('link', { name: 'Edit shared guide', exact: true }).click();
    await page.getByRole('heading', { name: 'Shared guide', level: 1, exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+34 911 222 333');
    await page.getByRole('button', { name: 'Save the shared guide', exact: true }).click();
    await page.getByText('Shared guide saved: every room that uses it shows it now', { exact: true }).waitFor();

    expect(await guideShows(page, idOf('107'))).toEqual({ password: 'room-107-own', phone: '+34 911 222 333' });
    for (const number of ['101', '106', '140']) {
      expect(await guideShows(page, idOf(number))).toEqual({ password: 'brisa-shared', phone: '+34 911 222 333' });
    }
    expect(problems).toEqual([]);
  });

  it('takes an activity typed into a room of a property without activities, and the room’s guide shows it', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const host = await signedInClient();
    expect((await serviceClient().from('users').update({ qr_code_limit: 5 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    const property = await host.client
      .from('properties')
      .insert({ name: 'Hotel Quieto', type: 'hotel', content: { wifi: { network: 'Quieto', password: 'quieto-shared' } } })
      .select('id')
      .single();
    expect(property.error).toBeNull();
    const room = await host.client.from('qr_codes').insert({ property_id: property.data!.id, name: 'Room 201', room_number: '201' }).select('id').single();
    expect(room.error).toBeNull();

    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/properties/${property.data!.id}/qrcodes/${room.data!.id}/edit`);
    const form = new RoomFormPage(page);
    await form.waitForEdit();
    await page.getByText('Not set for the property', { exact: true }).waitFor();
    // No "Override for this room" first: typing is enough, as in every other shared field.
    await form.addActivity('Kayak tour');
    await page.getByRole('button', { name: "Use the property's value: Activities", exact: true }).waitFor();
    await form.save();
    await page.getByText('QR code updated!', { exact: true }).waitFor();
    const stored = await host.client.from('qr_codes').select('area').eq('id', room.data!.id).single();
    expect(stored.data).toEqual({ area: { activities: ['Kayak tour'] } });

    await page.goto(guidePath(room.data!.id));
    await waitForGuide(page, 'quieto-shared');
    await page.getByRole('heading', { name: 'Things to do', exact: true }).waitFor();
    expect(await page.getByText('Kayak tour', { exact: true }).count()).toBe(1);
    expect(problems).toEqual([]);
  });
});
