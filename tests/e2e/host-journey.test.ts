/**
 * A host's whole journey through the dashboard against the local stack and the production build:
 * register, be refused at limit 0 with the spec's message, get a higher limit (as billing would set it),
 * add a property, create two rooms (one with a photo), see them sorted, open a detail page, download
 * the PNG and decode the guide URL from it, edit a room, delete a room (its photo leaves storage) and
 * delete the property. Every dashboard screen is screenshotted at 1280, 820 and 390 px.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { serviceClient, uniqueEmail } from './support/api.ts';
import { screenshot, useBrowser } from './support/browser.ts';
import { guideIdFromPath, guideUrl } from '../../src/lib/guide-url.ts';

const widths = [1280, 820, 390] as const;

/** Screenshots the current screen at each width; asserts nothing overflows horizontally. */
async function shoot(page: Page, name: string): Promise<void> {
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} scrolls horizontally at ${width} px`).toBeLessThanOrEqual(0);
    await screenshot(page, name);
  }
  await page.setViewportSize(original);
}

/** A form control by its name (labels also name the toasts that repeat them, so they are ambiguous). */
function field(page: Page, name: string) {
  return page.locator(`[name="${name}"]`);
}

/** A small real PNG (a coloured square) to upload as a room photo. */
function samplePng(): Buffer {
  const png = new PNG({ width: 64, height: 48 });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = 30;
    png.data[i + 1] = 120;
    png.data[i + 2] = 200;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

function decodeQr(file: string): string | null {
  const png = PNG.sync.read(fs.readFileSync(file));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe('host journey', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });

  it('registers, hits the limit, creates, sorts, downloads, edits and deletes', async () => {
    const page = browser.page;
    const email = uniqueEmail('host');
    const service = serviceClient();

    // Register: lands on the dashboard with the empty state.
    await page.goto('/register');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('host-password-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('No properties yet').waitFor();
    await expect.poll(() => page.getByText('Get started by adding your first property.').isVisible()).toBe(true);
    await shoot(page, 'host-properties-empty');

    // Add a property.
    await page.getByRole('link', { name: 'Add Property' }).first().click();
    await page.getByRole('heading', { name: 'Add New Property' }).waitFor();
    await page.getByRole('button', { name: 'Create Property' }).click();
    await page.getByText("Enter the property's name.").waitFor(); // required fields are checked before sending
    await field(page, 'name').fill('Hotel Mirador');
    await field(page, 'type').selectOption('hotel');
    await field(page, 'address').fill('Calle Mayor 1, Cádiz');
    await shoot(page, 'host-property-form');
    await page.getByRole('button', { name: 'Create Property' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Property created successfully!').waitFor();
    const card = page.getByTestId('property-card').filter({ hasText: 'Hotel Mirador' });
    await card.waitFor();
    await expect.poll(() => card.innerText()).toContain('Hotel');
    await expect.poll(() => card.innerText()).toContain('Calle Mayor 1, Cádiz');

    // At limit 0 the database refuses the first room with the spec's message; nothing typed is lost.
    await card.getByRole('link', { name: 'Create Hotel QR' }).click();
    await page.getByRole('heading', { name: 'New QR Code' }).waitFor();
    await page.getByText('QR Codes Used: 0 / 0').waitFor();
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    await page.getByText('Please enter name and room number').first().waitFor();
    await field(page, 'name').fill('Sea View Suite');
    await field(page, 'roomNumber').fill('10');
    await field(page, 'wifiNetwork').fill('Mirador-Guest');
    await field(page, 'wifiPassword').fill('olas-2026');
    await field(page, 'hotelWebsite').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    await page.getByText('Enter a full link starting with https:// or http://').waitFor();
    await shoot(page, 'host-qr-form-refused-link');
    await field(page, 'hotelWebsite').fill('https://mirador.example');
    await field(page, 'template').selectOption('luxury');
    await expect.poll(() => field(page, 'primaryColor').inputValue()).toBe('#D4AF37');

    // Photos: a non-image is refused with a clear message, a PNG uploads and becomes the room photo.
    await page.getByTestId('image-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await page.getByText('notes.txt is not a JPEG, PNG or WebP image.').waitFor();
    await page.getByTestId('image-input').setInputFiles({ name: 'Sea view.png', mimeType: 'image/png', buffer: samplePng() });
    await page.getByTestId('uploaded-image').waitFor();
    const photoUrl = await field(page, 'roomPhotoUrl').inputValue();
    expect(photoUrl).toMatch(/\/storage\/v1\/object\/public\/qr_images\/[0-9a-f-]{36}\/[0-9a-f-]{36}-sea-view\.png$/);
    expect((await fetch(photoUrl)).status).toBe(200);
    const previewUrl = await page.getByTestId('preview-url').innerText();
    const previewId = guideIdFromPath(new URL(previewUrl).pathname) ?? '';
    expect(previewId).toMatch(/^[0-9a-f-]{36}$/);
    expect(previewUrl).toBe(guideUrl(inject('appUrl'), previewId));
    await shoot(page, 'host-qr-form');

    await page.getByRole('button', { name: 'Create QR Code' }).click();
    // The refusal comes from the database's quota trigger (the form also warns up front at 0 / 0).
    await page.getByRole('alert').filter({ hasText: 'You have reached your QR code limit.' }).waitFor();
    expect((await service.from('qr_codes').select('id').eq('id', previewUrl.split('/').pop()!)).data).toEqual([]);
    expect(await field(page, 'name').inputValue()).toBe('Sea View Suite');
    expect(await field(page, 'wifiPassword').inputValue()).toBe('olas-2026');

    // Billing would raise the limit; here the service key does it.
    const { data: userRow, error: userError } = await service.from('users').select('id').eq('email', email).single();
    expect(userError).toBeNull();
    const userId = (userRow as { id: string }).id;
    const { error: limitError } = await service.from('users').update({ qr_code_limit: 5 }).eq('id', userId);
    expect(limitError).toBeNull();

    await page.getByRole('button', { name: 'Create QR Code' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('QR code created!').waitFor();
    const firstId = previewUrl.split('/').pop()!;
    const { data: firstRow } = await service.from('qr_codes').select('name, room_number, template, style, content, images').eq('id', firstId).single();
    expect(firstRow).toMatchObject({
      name: 'Sea View Suite',
      room_number: '10',
      template: 'luxury',
      style: { primaryColor: '#D4AF37', backgroundColor: '#000000', roomPhotoUrl: photoUrl },
      content: { wifi: { network: 'Mirador-Guest', password: 'olas-2026' } },
      images: [photoUrl],
    });

    // The second room copies nothing from the first (its WiFi and look were that room's own): it starts with the
    // property's shared guide, empty here.
    await card.getByRole('link', { name: 'View QR Codes' }).click();
    await page.getByRole('heading', { name: 'QR Codes' }).waitFor();
    await page.getByRole('link', { name: 'New QR Code' }).first().click();
    await page.getByText("come from the property's shared guide", { exact: false }).waitFor();
    expect(await field(page, 'wifiNetwork').inputValue()).toBe('');
    expect(await field(page, 'wifiNetwork').getAttribute('placeholder')).toBe('Not set for the property');
    expect(await field(page, 'hotelWebsite').inputValue()).toBe('');
    expect(await field(page, 'template').inputValue()).toBe('custom');
    expect(await field(page, 'name').inputValue()).toBe('');
    await field(page, 'name').fill('Garden Room');
    await field(page, 'roomNumber').fill('2');
    await page.getByRole('button', { name: 'Override for this room: Activities', exact: true }).click();
    await field(page, 'newActivity').fill('Boat trip');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByTestId('activity').filter({ hasText: 'Boat trip' }).waitFor();
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => card.getByTestId('room-count').innerText()).toBe('2 rooms');
    await shoot(page, 'host-properties');

    // The list sorts numerically: room 2 before room 10.
    await card.getByRole('link', { name: 'View QR Codes' }).click();
    await page.getByTestId('qr-card').nth(1).waitFor();
    expect(await page.getByTestId('qr-room').allInnerTexts()).toEqual(['Room: 2', 'Room: 10']);
    await shoot(page, 'host-qr-list');

    // Detail: the 300 px QR, Total Scans 0; opening it does not count a scan.
    await page.getByTestId('qr-card').filter({ hasText: 'Sea View Suite' }).getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { name: 'Sea View Suite' }).waitFor();
    await page.getByText('Total Scans').waitFor();
    expect(await page.getByTestId('total-scans').innerText()).toBe('0');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download QR Code' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('qr-code-sea-view-suite.png');
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qr-download-')), file.suggestedFilename());
    await file.saveAs(saved);
    const png = PNG.sync.read(fs.readFileSync(saved));
    expect([png.width, png.height]).toEqual([300, 300]);
    expect(decodeQr(saved)).toBe(guideUrl(inject('appUrl'), firstId));
    await shoot(page, 'host-qr-detail');
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.locator('#room-print-card').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Download QR Code' }).isVisible()).toBe(false);
    await screenshot(page, 'host-qr-print-card');
    await page.emulateMedia({ media: 'screen' });
    const { data: afterView } = await service.from('qr_codes').select('scan_count').eq('id', firstId).single();
    expect((afterView as { scan_count: number }).scan_count).toBe(0);

    // Edit the room.
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { name: 'Edit QR Code' }).waitFor();
    expect(await field(page, 'roomNumber').inputValue()).toBe('10');
    await field(page, 'name').fill('Sea View Suite Deluxe');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('QR code updated!').waitFor();
    await page.getByRole('heading', { name: 'Sea View Suite Deluxe' }).waitFor();

    // Delete the room with the photo: the row and its photo are gone, the slot is freed.
    await page.getByRole('button', { name: 'Back' }).click();
    const deluxe = page.getByTestId('qr-card').filter({ hasText: 'Sea View Suite Deluxe' });
    await deluxe.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to delete this QR code?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('QR Code deleted successfully').waitFor();
    await expect.poll(() => page.getByTestId('qr-card').count()).toBe(1);
    expect((await fetch(photoUrl)).status).not.toBe(200);
    const { data: usage } = await service.from('users').select('qr_codes_created').eq('id', userId).single();
    expect((usage as { qr_codes_created: number }).qr_codes_created).toBe(1);

    // Delete the property (and with it its last room).
    await page.goto('/dashboard');
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByText('Are you sure you want to delete this property?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('✅ Property deleted successfully').waitFor();
    await page.getByText('No properties yet').waitFor();
    const { count } = await service.from('qr_codes').select('id', { count: 'exact', head: true }).eq('user_id', userId);
    expect(count).toBe(0);

    // A code that does not exist.
    await page.goto(`/dashboard/properties/${firstId}/qrcodes/${firstId}`);
    await page.getByText('QR code not found').waitFor();
  });
});
