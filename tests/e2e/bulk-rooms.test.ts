/**
 * A hotel adds its rooms in one go: rooms 101–140 from a number range, checked in a preview, made by one
 * create_rooms call. Over the plan's free slots nothing is made and the host is told how many are free; the rooms
 * made inherit the property's WiFi, and a room given its own password in a pasted list keeps it. The print sheet's
 * codes decode to the rooms' guides and, with the WiFi option, to each room's own `WIFI:` network, and no card is cut.
 * Rooms selected in the list can be printed or downloaded on their own.
 */
import { writeFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, inject, it } from 'vitest';
import { serviceClient, signedInClient } from './support/api.ts';
import { collectPageErrors, screenshot, screenshotPath, screenshotWidths, useBrowser } from './support/browser.ts';
import { signIn, tickCheckbox } from './support/host.ts';
import { cardsOutsideTheirBounds, printedPages, decodeCode, zipEntries, roomsCsvLines, sheetRooms, pixelColours } from './support/sheets-and-zips.ts';
import { guidePath, guideUrl } from '../../src/lib/guide-url.ts';
describe('rooms in bulk', () => {
  const browser = useBrowser({ viewport: { width: 820, height: 1180 }, acceptDownloads: true });

  it('marks the rooms over the plan before any click, creates rooms 101–140 once the plan grows, and every guide has the property’s WiFi', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const host = await signedInClient();
    const service = serviceClient();
    const limit = await service.from('users').update({ qr_code_limit: 30 }).eq('id', host.userId).select('id').single();
    expect(limit.error).toBeNull();
    const property = await host.client
      .from('properties')
      .insert({
        name: 'Hotel Faro',
        type: 'hotel',
        hotel: { name: 'Hotel Faro', phone: '+34 900 000 000' },
        content: { wifi: { network: 'Faro-Guests', password: 'faro-wifi-1' } },
      })
      .select('id')
      .single();
    expect(property.error).toBeNull();
    const propertyId = property.data!.id as string;

    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/properties/${propertyId}/qrcodes`);
    await page.getByRole('link', { name: 'Add many rooms', exact: true }).click();
    await page.getByRole('heading', { name: 'Add many rooms', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'First room number', exact: true }).fill('101');
    await page.getByRole('textbox', { name: 'Last room number', exact: true }).fill('140');
    await page.getByRole('heading', { name: 'Preview: 40 rooms', exact: true }).waitFor();
    // The table follows the heading's count (it is drawn in the background while the host types).
    const lastRow = page.getByRole('row', { name: /^40 Room 140 140 / });
    await lastRow.waitFor();
    expect(await lastRow.count()).toBe(1);
    await screenshot(page, 'bulk-rooms-preview');
    await screenshotWidths(page, 'bulk-rooms-preview', [390, 1280]);

    // 30 slots, 40 asked for: before any click the preview says how many are free and marks the 10 rows past them.
    await page.getByText('Your plan has 30 free room slots (0 of 30 in use).', { exact: true }).waitFor();
    await page.getByText('10 rooms are over your plan: remove them from the list, or add rooms to your subscription first.', { exact: true }).waitFor();
    await expect.poll(() => page.getByRole('row', { name: /Over your plan$/ }).count()).toBe(10);
    expect(await page.getByRole('row', { name: /^30 Room 130 130 .* Ready$/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create 40 rooms', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Change the number of rooms in your subscription', exact: true }).getAttribute('href')).toBe(
      '/dashboard/subscription',
    );
    expect((await service.from('qr_codes').select('id').eq('property_id', propertyId)).data).toEqual([]);

    // The plan grows (billing would do this): the open preview learns it by itself, and the same rooms are created.
    expect((await service.from('users').update({ qr_code_limit: 50 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    await page.getByText('Your plan has 50 free room slots (0 of 50 in use).', { exact: true }).waitFor({ timeout: 20_000 });
    // The table follows in the background, as it follows typing.
    await expect.poll(() => page.getByRole('row', { name: /Over your plan$/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Create 40 rooms', exact: true }).click();
    await page.waitForURL(`**/dashboard/properties/${propertyId}/qrcodes`);
    await page.getByText('Hotel Faro · 40 rooms', { exact: true }).waitFor();
    // The list opens on the new rooms, one click from printing their cards; nothing is selected, no delete leads.
    const created = page.getByRole('region', { name: 'New rooms', exact: true });
    await created.getByText('40 new rooms', { exact: true }).waitFor();
    expect(await created.getByRole('link', { name: 'Print 40 rooms', exact: true }).getAttribute('href')).toBe(
      `/dashboard/properties/${propertyId}/qrcodes/print`,
    );
    expect(await page.getByRole('region', { name: 'Selected rooms', exact: true }).count()).toBe(0);
    await screenshotWidths(page, 'bulk-rooms-created', [390, 820, 1280]);
    const rooms = await service.from('qr_codes').select('id, name, room_number').eq('property_id', propertyId).order('room_number');
    expect(rooms.data?.map((room) => room.room_number)).toEqual(Array.from({ length: 40 }, (_, i) => String(101 + i)));

    // A pasted list: one room with its own password; a number the property has is refused in the preview.
    await page.getByRole('link', { name: 'Add many rooms', exact: true }).click();
    await page.getByRole('tab', { name: 'List or CSV', exact: true }).click();
    await page.getByRole('textbox', { name: 'Rooms, one per line', exact: true }).fill('Suite, 201, suite-own-pass\nGarden, 140');
    await page.getByText('This property already has room 140.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Create 2 rooms', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Rooms, one per line', exact: true }).fill('Suite, 201, suite-own-pass');
    await page.getByRole('button', { name: 'Create 1 room', exact: true }).click();
    await page.getByText('Hotel Faro · 41 rooms', { exact: true }).waitFor();
    const justCreated = page.getByRole('region', { name: 'New rooms', exact: true });
    await justCreated.getByText('1 new room', { exact: true }).waitFor();
    expect(await justCreated.getByRole('link', { name: 'Print 1 room', exact: true }).getAttribute('href')).toBe(
      `/dashboard/properties/${propertyId}/qrcodes/print?room=201`,
    );
    expect(await page.getByTestId('qr-card').count()).toBe(1);
    await justCreated.getByRole('button', { name: 'Show all 41 rooms', exact: true }).click();
    await expect.poll(() => page.getByTestId('qr-card').count()).toBeGreaterThan(1);

    // Download all: one PNG per room, named like the single download, each decoding to its room's guide, in its
    // guide's colours; the suite has its own colours and a logo (the app's icon), drawn in the code's middle.
    const suiteLook = { primaryColor: '#1d4ed8', backgroundColor: '#fef3c7', logoUrl: `${inject('appUrl')}/pwa-192x192.png` };
    const setStyle = async (roomNumber: string, style: Record<string, string>) => {
      const updated = await service.from('qr_codes').update({ style }).eq('property_id', propertyId).eq('room_number', roomNumber).select('id');
      expect(updated.data).toHaveLength(1);
    };
    await setStyle('201', suiteLook);
    // Room 102's logo cannot be had (no image there): its code is drawn whole, without a logo, and the ZIP is made all the same.
    await setStyle('102', { logoUrl: `${inject('appUrl')}/no-such-logo.png` });
    // Drawn by the app's workers (not the page's fallback): a worker starts, and none says it could not draw.
    const workerUrls: string[] = [];
    const warnings: string[] = [];
    page.on('worker', (worker) => workerUrls.push(new URL(worker.url()).pathname));
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download all (ZIP)', exact: true }).click();
    const file = await download;
    expect(
      workerUrls.some((url) => /\/assets\/qr-png-worker-[\w-]+\.js$/.test(url)),
      workerUrls.join(', '),
    ).toBe(true);
    expect(warnings.filter((warning) => /worker/i.test(warning))).toEqual([]);
    const goneLogoWarning = `The logo ${inject('appUrl')}/no-such-logo.png could not be loaded; the codes are drawn without it`;
    expect(warnings.filter((warning) => warning.startsWith(goneLogoWarning))).toHaveLength(1);
    expect(file.suggestedFilename()).toBe('qr-codes-hotel-faro.zip');
    const entries = await zipEntries(file);
    const allRooms = await service.from('qr_codes').select('id, name, room_number').eq('property_id', propertyId);
    const pngName = (roomName: string) => `qr-code-${roomName.toLowerCase().replace(/\s+/g, '-')}.png`;
    const expected = new Map((allRooms.data ?? []).map((room) => [pngName(room.name as string), guideUrl(inject('appUrl'), room.id as string)]));
    expect(Object.keys(entries).sort()).toEqual([...expected.keys(), 'rooms.csv'].sort());
    // rooms.csv: a line per room with its number, name, guide link and PNG, as the database has them.
    expect(roomsCsvLines(entries).sort()).toEqual(
      (allRooms.data ?? [])
        .map((room) => [room.room_number as string, room.name as string, guideUrl(inject('appUrl'), room.id as string), pngName(room.name as string)])
        .sort(),
    );
    writeFileSync(screenshotPath('download-all-suite'), entries['qr-code-suite.png']);
    writeFileSync(screenshotPath('download-all-room-101'), entries['qr-code-room-101.png']);
    for (const [name, bytes] of Object.entries(entries).filter(([entryName]) => entryName.endsWith('.png'))) {
      const png = PNG.sync.read(Buffer.from(bytes));
      expect([png.width, png.height], name).toEqual([300, 300]);
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data, name).toBe(expected.get(name));
      const look = name === 'qr-code-suite.png' ? suiteLook : { primaryColor: '#000000', backgroundColor: '#ffffff' };
      const colours = pixelColours(png);
      expect(colours[0], name).toBe(look.backgroundColor); // the margin
      expect(colours.includes(look.primaryColor), name).toBe(true); // the modules
      // Anything else sits in the middle 40 px: the logo, on the suite's code only.
      const logoPixels = colours.flatMap((colour, at) => (colour !== look.backgroundColor && colour !== look.primaryColor ? [at] : []));
      expect(logoPixels.length > 0, name).toBe(name === 'qr-code-suite.png');
      expect(
        logoPixels.every((at) => Math.abs((at % 300) - 150) < 20 && Math.abs(Math.floor(at / 300) - 150) < 20),
        name,
      ).toBe(true);
    }

    // The print sheet: A4, 8 cards a page; every code on the first page decodes to its room's guide.
    // Room 120 hides the property's WiFi (content.wifi null), so its card gets no WiFi code below.
    const hidden = await service
      .from('qr_codes')
      .update({ content: { wifi: null } })
      .eq('property_id', propertyId)
      .eq('room_number', '120')
      .select('id');
    expect(hidden.error).toBeNull();
    expect(hidden.data).toHaveLength(1);
    await page.getByRole('link', { name: 'Print sheet', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Ready: 6 pages' }).waitFor();
    const firstPage = page.getByTestId('print-page').first();
    await firstPage.screenshot({ path: await screenshotPath('bulk-rooms-print-a4-8') });
    await screenshotWidths(page, 'bulk-rooms-print-sheet', [390, 1280]);
    const cards = firstPage.getByTestId('print-card');
    expect(await cards.count()).toBe(8);
    const roomIds = new Map((allRooms.data ?? []).map((room) => [room.name as string, room.id as string]));
    for (let index = 0; index < 8; index++) {
      const code = cards.nth(index).getByRole('img');
      const name = (await code.getAttribute('aria-label'))!.replace('QR code for ', '');
      const png = PNG.sync.read(await code.screenshot());
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data, name).toBe(guideUrl(inject('appUrl'), roomIds.get(name)!));
    }

    // The WiFi code: beside the guide code on every card whose room has a network, labelled, in the guest guide's format.
    const wifiOption = page.getByRole('checkbox', { name: 'Add a WiFi QR code', exact: true });
    await page.locator('label', { has: wifiOption }).click();
    await expect.poll(() => wifiOption.isChecked()).toBe(true);
    // The status read "Ready" before the click too: first wait for a code that only the new sheet has.
    await page.getByRole('img', { name: 'WiFi QR code for Room 101', exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Ready: 6 pages' }).waitFor();
    await page.getByText('1 room has no WiFi network: its card shows the guide code only.', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('wifi')).toBe('1');
    const firstCard = cards.first();
    expect(await firstCard.getByRole('img').count()).toBe(2);
    expect(await firstCard.getByRole('figure').allTextContents()).toEqual(['Guide', 'WiFi']);
    expect(await decodeCode(page, 'WiFi QR code for Room 101')).toBe('WIFI:T:WPA;S:Faro-Guests;P:faro-wifi-1;;');
    expect(await decodeCode(page, 'QR code for Room 101')).toBe(guideUrl(inject('appUrl'), roomIds.get('Room 101')!));
    expect(await decodeCode(page, 'WiFi QR code for Suite')).toBe('WIFI:T:WPA;S:Faro-Guests;P:suite-own-pass;;');
    expect(await page.getByRole('img', { name: 'WiFi QR code for Room 120', exact: true }).count()).toBe(0);
    expect(await page.getByRole('img', { name: 'QR code for Room 120', exact: true }).count()).toBe(1);
    await firstPage.screenshot({ path: await screenshotPath('bulk-rooms-print-a4-8-wifi') });
    await screenshotWidths(page, 'bulk-rooms-print-sheet-wifi', [390, 1280]);

    // With both codes, at 1, 4 and 8 cards a page: nothing leaves its card or page, and the PDF has exactly the sheet's pages.
    const cardsPerPage = page.getByRole('combobox', { name: 'Cards per page', exact: true });
    for (const [count, pages] of [
      ['1', 41],
      ['4', 11],
      ['8', 6],
    ] as const) {
      await cardsPerPage.selectOption(count);
      await page
        .getByRole('status')
        .filter({ hasText: `Ready: ${pages} pages` })
        .waitFor();
      expect(await page.getByTestId('print-page').count(), `${count} a page`).toBe(pages);
      expect(await cardsOutsideTheirBounds(page), `${count} a page`).toEqual([]);
      expect(await printedPages(page), `${count} a page`).toBe(pages);
      await page
        .getByTestId('print-page')
        .first()
        .screenshot({ path: await screenshotPath(`bulk-rooms-print-a4-${count}-wifi`) });
    }
    await page.getByRole('link', { name: 'Back to the rooms', exact: true }).click();
    await page.getByText('Hotel Faro · 41 rooms', { exact: true }).waitFor();

    // Several rooms at once: 101 and 102 get their own WiFi password; 138 and 139 go, after a confirmation with the count.
    await tickCheckbox(page, 'Select Room 101 (room 101)');
    await tickCheckbox(page, 'Select Room 102 (room 102)');
    const selected = page.getByRole('region', { name: 'Selected rooms', exact: true });
    await selected.getByText('2 rooms selected', { exact: true }).waitFor();
    await screenshot(page, 'bulk-rooms-selection');
    await screenshotWidths(page, 'bulk-rooms-selection', [390, 1280]);
    await selected.getByRole('textbox', { name: 'WiFi password for the selected rooms', exact: true }).fill('pair-own-pass');
    await selected.getByRole('button', { name: 'Set for 2 rooms', exact: true }).click();
    await page.getByText('WiFi password set for 2 rooms', { exact: true }).waitFor();
    await selected.getByRole('button', { name: 'Clear selection', exact: true }).click();
    await tickCheckbox(page, 'Select Room 138 (room 138)');
    await tickCheckbox(page, 'Select Room 139 (room 139)');
    await page.getByRole('region', { name: 'Selected rooms', exact: true }).getByRole('button', { name: 'Delete 2 rooms', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete 2 rooms?', exact: true });
    await dialog.getByText('2 rooms and their QR codes will be deleted. Printed codes for them stop working.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Delete 2 rooms', exact: true }).click();
    await page.getByText('Hotel Faro · 39 rooms', { exact: true }).waitFor();
    const left = await service.from('qr_codes').select('room_number').eq('property_id', propertyId).in('room_number', ['137', '138', '139', '140']);
    expect(left.data?.map((room) => room.room_number).sort()).toEqual(['137', '140']);

    const ids = await service
      .from('qr_codes')
      .select('id, room_number')
      .eq('property_id', propertyId)
      .in('room_number', ['101', '102', '103', '140', '201'])
      .order('room_number');
    const passwords: Record<string, string> = {};
    for (const room of ids.data ?? []) {
      await page.goto(guidePath(room.id as string));
      const password = page.getByTestId('wifi-password');
      await password.waitFor();
      passwords[room.room_number as string] = (await password.textContent()) ?? '';
    }
    expect(passwords).toEqual({ '101': 'pair-own-pass', '102': 'pair-own-pass', '103': 'faro-wifi-1', '140': 'faro-wifi-1', '201': 'suite-own-pass' });
    // Nothing was sent that the database refused (the preview held the rooms over the plan back), and nothing went wrong.
    expect(problems).toEqual([]);
  });

  it('draws a 120-room list a page of 48 cards at a time, the next page coming as the host scrolls down', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const host = await signedInClient();
    const service = serviceClient();
    expect((await service.from('users').update({ qr_code_limit: 120 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    const property = await host.client.from('properties').insert({ name: 'Hotel Alto', type: 'hotel' }).select('id').single();
    expect(property.error).toBeNull();
    const propertyId = property.data!.id as string;
    const rooms = Array.from({ length: 120 }, (_, i) => ({ name: `Room ${101 + i}`, room_number: String(101 + i) }));
    expect((await host.client.rpc('create_rooms', { property_id: propertyId, rooms }).select('id')).data).toHaveLength(120);

    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/properties/${propertyId}/qrcodes`);
    await page.getByText('Showing 48 of 120 rooms', { exact: true }).waitFor();
    const cards = page.getByTestId('qr-card');
    expect(await cards.count()).toBe(48);
    // Scrolling to the last card drawn brings the next page without a click. (Scrolled again while it has not come:
    // on a busy machine a late change of the page, such as the live-updates note, can move it after the scroll.)
    await expect
      .poll(async () => {
        await cards.nth(47).scrollIntoViewIfNeeded();
        return page.getByText('Showing 96 of 120 rooms', { exact: true }).isVisible();
      })
      .toBe(true);
    await expect
      .poll(async () => {
        await cards.nth(95).scrollIntoViewIfNeeded();
        return cards.count();
      })
      .toBe(120);
    await cards.filter({ hasText: 'Room 220' }).waitFor();
    expect(await cards.count()).toBe(120);
    expect(await page.getByRole('button', { name: 'Show more rooms', exact: true }).count()).toBe(0);

    // A room opened from far down the list shows its page from the top; its Back button returns to the list where the
    // host was (so does the browser's, below).
    const room190 = cards.filter({ hasText: 'Room 190' });
    await room190.getByRole('link', { name: 'View', exact: true }).click();
    await page.getByRole('heading', { name: 'Room 190', level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The next room, in door-plan order; Back still leads to the list.
    await page.getByRole('navigation', { name: 'Other rooms', exact: true }).getByRole('link', { name: 'Next: Room 191', exact: true }).click();
    await page.getByRole('heading', { name: 'Room 191', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Previous: Room 190', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await cards.filter({ hasText: 'Room 220' }).waitFor();
    expect(await cards.count()).toBe(120);
    await expect
      .poll(() => room190.evaluate((card) => card.getBoundingClientRect().top >= 0 && card.getBoundingClientRect().bottom <= window.innerHeight))
      .toBe(true);

    // The search is kept in the address, so it is still there after a room's page (here: its form).
    await page.getByRole('searchbox').fill('19');
    await page.waitForURL((url) => url.searchParams.get('q') === '19');
    // Edited from the list and saved: the room's page, and its Back leads on to the list, search and all.
    await cards.filter({ hasText: 'Room 190' }).getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Room 190 (sea view)');
    await page.getByRole('button', { name: 'Save Changes', exact: true }).click();
    await page.getByRole('heading', { name: 'Room 190 (sea view)', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByText('Hotel Alto · 120 rooms', { exact: true }).waitFor();
    await cards.filter({ hasText: 'Room 190 (sea view)' }).waitFor();
    expect(await page.getByRole('searchbox').inputValue()).toBe('19');
    expect(await cards.count()).toBe(12); // 119, 190–199 and 219

    // "Select all" takes every room a search matches, drawn or not.
    await page.getByRole('searchbox').fill('Room');
    await tickCheckbox(page, 'Select Room 101 (room 101)');
    await page.getByRole('button', { name: 'Select all 120', exact: true }).click();
    await page.getByText('120 rooms selected', { exact: true }).waitFor();
    expect(problems).toEqual([]);
  });

  it('lets a phone pick a floor of a 60-room list, kept in the address when the host comes back', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const host = await signedInClient();
    expect((await serviceClient().from('users').update({ qr_code_limit: 60 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    const property = await host.client.from('properties').insert({ name: 'Hotel Torre', type: 'hotel' }).select('id').single();
    expect(property.error).toBeNull();
    const propertyId = property.data!.id as string;
    const rooms = [1, 2, 3].flatMap((floor) => Array.from({ length: 20 }, (_, i) => String(floor * 100 + i + 1)));
    const made = await host.client
      .rpc('create_rooms', { property_id: propertyId, rooms: rooms.map((number) => ({ name: `Room ${number}`, room_number: number })) })
      .select('id');
    expect(made.data).toHaveLength(60);

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/properties/${propertyId}/qrcodes`);
    await page.getByText('Hotel Torre · 60 rooms', { exact: true }).waitFor();
    const floor = page.getByRole('combobox', { name: 'Floor', exact: true });
    expect(await floor.locator('option').allInnerTexts()).toEqual(['All floors', 'Floor 1', 'Floor 2', 'Floor 3']);
    await floor.selectOption({ label: 'Floor 2' });
    await page.waitForURL((url) => url.searchParams.get('floor') === '2');
    const cards = page.getByTestId('qr-card');
    await expect.poll(() => cards.count()).toBe(20);
    expect((await cards.getByTestId('qr-room').allInnerTexts()).every((text) => /^Room: 2\d\d$/.test(text))).toBe(true);
    await screenshot(page, 'room-list-floor-phone');
    // A room's page and back: the same floor.
    await cards.filter({ hasText: 'Room 207' }).getByRole('link', { name: 'View', exact: true }).click();
    await page.getByRole('heading', { name: 'Room 207', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByText('Hotel Torre · 60 rooms', { exact: true }).waitFor();
    expect(await floor.inputValue()).toBe('2');
    await expect.poll(() => cards.count()).toBe(20);
    await page.setViewportSize({ width: 820, height: 1180 });
    expect(problems).toEqual([]);
  });

  it('prints and downloads only the rooms selected, in door-plan order, and the sheet keeps them in its address', async () => {
    const page = browser.page;
    const problems = collectPageErrors(page);
    const host = await signedInClient();
    expect((await serviceClient().from('users').update({ qr_code_limit: 12 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    const property = await host.client.from('properties').insert({ name: 'Casa Norte', type: 'hotel' }).select('id').single();
    expect(property.error).toBeNull();
    const propertyId = property.data!.id as string;
    const rooms = Array.from({ length: 12 }, (_, i) => ({ name: `Room ${i + 1}`, room_number: String(i + 1) }));
    const created = await host.client.rpc('create_rooms', { property_id: propertyId, rooms }).select('id, name');
    expect(created.data).toHaveLength(12);
    const roomIds = new Map((created.data as { id: string; name: string }[]).map((room) => [room.name, room.id]));

    await signIn(page, host.email, host.password);
    await page.goto(`/dashboard/properties/${propertyId}/qrcodes`);
    await page.getByText('Casa Norte · 12 rooms', { exact: true }).waitFor();
    for (const name of ['Room 11', 'Room 2', 'Room 10']) await tickCheckbox(page, `Select ${name} (room ${name.slice(5)})`);
    const selected = page.getByRole('region', { name: 'Selected rooms', exact: true });
    await selected.getByText('3 rooms selected', { exact: true }).waitFor();
    await selected.getByRole('link', { name: 'Print 3 rooms', exact: true }).click();

    // The sheet has the three rooms, "2" before "10" (the database's text order has them the other way round).
    await page.getByText('Casa Norte · 3 of 12 rooms', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Ready: 1 page' }).waitFor();
    expect(await sheetRooms(page)).toEqual(['Room 2', 'Room 10', 'Room 11']);
    await screenshot(page, 'bulk-rooms-print-chosen');
    expect(new URL(page.url()).searchParams.getAll('room').sort()).toEqual(['10', '11', '2']);
    expect(await decodeCode(page, 'QR code for Room 10')).toBe(guideUrl(inject('appUrl'), roomIds.get('Room 10')!));
    // A reload (or the link, shared) opens the same sheet; the options keep the rooms.
    await page.reload();
    await page.getByText('Casa Norte · 3 of 12 rooms', { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Cards per page', exact: true }).selectOption('1');
    await page.getByRole('status').filter({ hasText: 'Ready: 3 pages' }).waitFor();
    expect(await sheetRooms(page)).toEqual(['Room 2', 'Room 10', 'Room 11']);

    // Every room again, in door-plan order.
    await page.getByRole('button', { name: 'All rooms (12)', exact: true }).click();
    await page.getByText('Casa Norte · 12 rooms', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Ready: 12 pages' }).waitFor();
    expect(await sheetRooms(page)).toEqual(rooms.map((room) => room.name));
    expect(new URL(page.url()).searchParams.getAll('room')).toEqual([]);

    // An address naming rooms the property no longer has: nothing to print, and the way back to every room.
    await page.goto(`/dashboard/properties/${propertyId}/qrcodes/print?room=99`);
    await page.getByText('None of the chosen rooms is in this property any more.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Print or save as PDF', exact: true }).isDisabled()).toBe(true);
    expect(await sheetRooms(page)).toEqual([]);

    // The selection's codes in a ZIP: those two PNGs only, each decoding to its room's guide.
    await page.goto(`/dashboard/properties/${propertyId}/qrcodes`);
    await tickCheckbox(page, 'Select Room 10 (room 10)');
    await tickCheckbox(page, 'Select Room 2 (room 2)');
    const download = page.waitForEvent('download');
    await page.getByRole('region', { name: 'Selected rooms', exact: true }).getByRole('button', { name: 'Download 2 rooms (ZIP)', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('qr-codes-casa-norte.zip');
    const entries = await zipEntries(file);
    expect(Object.keys(entries).sort()).toEqual(['qr-code-room-10.png', 'qr-code-room-2.png', 'rooms.csv']);
    expect(roomsCsvLines(entries)).toEqual([
      ['2', 'Room 2', guideUrl(inject('appUrl'), roomIds.get('Room 2')!), 'qr-code-room-2.png'],
      ['10', 'Room 10', guideUrl(inject('appUrl'), roomIds.get('Room 10')!), 'qr-code-room-10.png'],
    ]);
    for (const [name, room] of [
      ['qr-code-room-10.png', 'Room 10'],
      ['qr-code-room-2.png', 'Room 2'],
    ]) {
      const png = PNG.sync.read(Buffer.from(entries[name]));
      expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data, name).toBe(guideUrl(inject('appUrl'), roomIds.get(room)!));
    }
    expect(problems).toEqual([]);
  });
});
