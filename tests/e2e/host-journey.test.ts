/**
 * A host's whole journey through the dashboard against the local stack and the production build:
 * register, be refused at limit 0 with the spec's message, get a higher limit (as billing would set it),
 * add a property, create two rooms (one with a photo), see them sorted, open a detail page, download
 * the PNG and decode the guide URL from it, edit a room, delete a room (its photo leaves storage) and
 * delete the property. Every dashboard screen is screenshotted at 1280, 820 and 390 px.
 *
 * One journey in named steps that share the browser page and what earlier steps made; once a step fails, the later
 * ones are skipped (see `steps()`), so the first failure is the one to read.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, inject } from 'vitest';
import { serviceClient, uniqueEmail } from './support/api.ts';
import { screenshot, screenshotWidths as shoot, steps, useBrowser } from './support/browser.ts';
import { RegisterPage } from './support/pages/login-page.ts';
import { PropertyFormPage } from './support/pages/property-form-page.ts';
import { PropertyListPage } from './support/pages/property-list-page.ts';
import { RoomDetailPage } from './support/pages/room-detail-page.ts';
import { RoomFormPage } from './support/pages/room-form-page.ts';
import { RoomListPage } from './support/pages/room-list-page.ts';
import { guideIdFromPath, guideUrl } from '../../src/lib/guide-url.ts';

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
  const browser = useBrowser({ viewport: { width: 1280, height: 900 }, acceptDownloads: true }, { perFile: true });
  const step = steps();
  const email = uniqueEmail('host');
  const password = 'host-password-1';
  const service = serviceClient();
  const page = () => browser.page;
  const properties = () => new PropertyListPage(page());
  const propertyForm = () => new PropertyFormPage(page());
  const rooms = () => new RoomListPage(page());
  const roomForm = () => new RoomFormPage(page());
  const roomDetail = () => new RoomDetailPage(page());
  const mirador = () => properties().card('Hotel Mirador');

  // What the steps make and later steps use.
  let userId = '';
  let photoUrl = '';
  let firstId = '';

  step('registers and lands on the dashboard with the empty state', async () => {
    await new RegisterPage(page()).register(email, password);
    await properties().emptyTitle.waitFor();
    await expect.poll(() => properties().emptyText.isVisible()).toBe(true);
    await shoot(page(), 'host-properties-empty');
  });

  step('adds a property; required fields are checked before sending', async () => {
    const form = propertyForm();
    await properties().addProperty();
    await form.waitForNew();
    await form.submitNew();
    await form.fieldError("Enter the property's name.").waitFor();
    await form.fill({ name: 'Hotel Mirador', type: 'hotel', address: 'Calle Mayor 1, Cádiz' });
    await shoot(page(), 'host-property-form');
    await form.submitNew();
    // The new property opens on its own page, with its next steps; the property list has it too.
    await page().waitForURL('**/dashboard/properties/*/qrcodes');
    await properties().waitForToast('Property created successfully!');
    await page().getByRole('link', { name: 'Fill in the shared guide', exact: true }).waitFor();
    await page().goto('/dashboard');
    await mirador().waitFor();
    await expect.poll(() => mirador().text()).toContain('Hotel');
    await expect.poll(() => mirador().text()).toContain('Calle Mayor 1, Cádiz');
  });

  step('fills the first room at limit 0: a bad link and a non-image are refused, a PNG becomes the room photo', async () => {
    const form = roomForm();
    await mirador().createRoom();
    await form.waitForNew();
    await form.usage('QR Codes Used: 0 / 0').waitFor();
    await form.submitNew();
    await form.toast('Please enter name and room number').waitFor();
    await form.fill({
      Name: 'Sea View Suite',
      'Room Number': '10',
      'WiFi network': 'Mirador-Guest',
      'WiFi password': 'olas-2026',
      Website: 'javascript:alert(1)',
    });
    await form.submitNew();
    await form.fieldError('Enter a full link starting with https:// or http://').waitFor();
    await shoot(page(), 'host-qr-form-refused-link');
    await form.field('Website').fill('https://mirador.example');
    await form.template.selectOption('luxury');
    await expect.poll(() => form.field('QR code colour').inputValue()).toBe('#D4AF37');

    await form.uploadPhoto({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await form.fieldError('notes.txt is not a JPEG, PNG or WebP image.').waitFor();
    await form.uploadPhoto({ name: 'Sea view.png', mimeType: 'image/png', buffer: samplePng() });
    await form.uploadedPhotos.waitFor();
    photoUrl = await form.field('Room photo URL').inputValue();
    expect(photoUrl).toMatch(/\/storage\/v1\/object\/public\/qr_images\/[0-9a-f-]{36}\/[0-9a-f-]{36}-sea-view\.png$/);
    expect((await fetch(photoUrl)).status).toBe(200);
    const previewUrl = await form.previewUrl();
    const previewId = guideIdFromPath(new URL(previewUrl).pathname) ?? '';
    expect(previewId).toMatch(/^[0-9a-f-]{36}$/);
    expect(previewUrl).toBe(guideUrl(inject('appUrl'), previewId));
    firstId = previewUrl.split('/').pop()!;
    expect(firstId).toBe(previewId);
    await shoot(page(), 'host-qr-form');
  });

  step('the database refuses the room at limit 0 with the spec’s message; nothing typed is lost', async () => {
    const form = roomForm();
    await form.submitNew();
    // The refusal comes from the database's quota trigger (the form also warns up front at 0 / 0).
    await form.saveError('You have reached your QR code limit.').waitFor();
    expect((await service.from('qr_codes').select('id').eq('id', firstId)).data).toEqual([]);
    expect(await form.field('Name').inputValue()).toBe('Sea View Suite');
    expect(await form.field('WiFi password').inputValue()).toBe('olas-2026');
  });

  step('creates the room once billing has raised the limit', async () => {
    // Billing would raise the limit; here the service key does it.
    const { data: userRow, error: userError } = await service.from('users').select('id').eq('email', email).single();
    expect(userError).toBeNull();
    userId = (userRow as { id: string }).id;
    const { error: limitError } = await service.from('users').update({ qr_code_limit: 5 }).eq('id', userId);
    expect(limitError).toBeNull();

    await roomForm().submitNew();
    await page().waitForURL('**/dashboard');
    await properties().waitForToast('QR code created!');
    const { data: firstRow } = await service.from('qr_codes').select('name, room_number, template, style, content, images').eq('id', firstId).single();
    expect(firstRow).toMatchObject({
      name: 'Sea View Suite',
      room_number: '10',
      template: 'luxury',
      style: { primaryColor: '#D4AF37', backgroundColor: '#000000', roomPhotoUrl: photoUrl },
      content: { wifi: { network: 'Mirador-Guest', password: 'olas-2026' } },
      images: [photoUrl],
    });
  });

  step('the second room starts from the property’s shared guide, not from the first room', async () => {
    // The first room's WiFi and look were that room's own; the property's shared guide is empty here.
    const form = roomForm();
    await mirador().viewRooms();
    await rooms().waitFor();
    await rooms().newRoom();
    await form.inheritIntro.waitFor();
    expect(await form.field('WiFi network').inputValue()).toBe('');
    expect(await form.field('WiFi network').getAttribute('placeholder')).toBe('Not set for the property');
    expect(await form.field('Website').inputValue()).toBe('');
    expect(await form.template.inputValue()).toBe('custom');
    expect(await form.field('Name').inputValue()).toBe('');
    await form.fill({ Name: 'Garden Room', 'Room Number': '2' });
    await form.override('Activities');
    await form.addActivity('Boat trip');
    await form.submitNew();
    await page().waitForURL('**/dashboard');
    await expect.poll(() => mirador().roomCount()).toBe('2 rooms');
    await shoot(page(), 'host-properties');
  });

  step('lists the rooms sorted numerically: room 2 before room 10', async () => {
    await mirador().viewRooms();
    await rooms().cards.nth(1).waitFor();
    expect(await rooms().roomNumbers()).toEqual(['Room: 2', 'Room: 10']);
    await shoot(page(), 'host-qr-list');
  });

  step('the detail page downloads the 300 px QR of the guide URL, prints a card and counts no scan', async () => {
    const detail = roomDetail();
    await rooms().card('Sea View Suite').view();
    await detail.waitFor('Sea View Suite');
    await detail.totalScansLabel.waitFor();
    expect(await detail.totalScans()).toBe('0');
    const file = await detail.download();
    expect(file.suggestedFilename()).toBe('qr-code-sea-view-suite.png');
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qr-download-')), file.suggestedFilename());
    await file.saveAs(saved);
    const png = PNG.sync.read(fs.readFileSync(saved));
    expect([png.width, png.height]).toEqual([300, 300]);
    expect(decodeQr(saved)).toBe(guideUrl(inject('appUrl'), firstId));
    await shoot(page(), 'host-qr-detail');
    await page().emulateMedia({ media: 'print' });
    await expect.poll(() => detail.printCard.isVisible()).toBe(true);
    await expect.poll(() => detail.downloadButton.isVisible()).toBe(false);
    await screenshot(page(), 'host-qr-print-card');
    await page().emulateMedia({ media: 'screen' });
    const { data: afterView } = await service.from('qr_codes').select('scan_count').eq('id', firstId).single();
    expect((afterView as { scan_count: number }).scan_count).toBe(0);
  });

  step('edits the room', async () => {
    const form = roomForm();
    await roomDetail().edit();
    await form.waitForEdit();
    expect(await form.field('Room Number').inputValue()).toBe('10');
    await form.field('Name').fill('Sea View Suite Deluxe');
    await form.save();
    await form.toast('QR code updated!').waitFor();
    await roomDetail().waitFor('Sea View Suite Deluxe');
  });

  step('deletes the room with the photo: the row and its photo are gone, the slot is freed', async () => {
    await roomDetail().back();
    await rooms().card('Sea View Suite Deluxe').delete();
    await expect.poll(() => rooms().cards.count()).toBe(1);
    expect((await fetch(photoUrl)).status).not.toBe(200);
    const { data: usage } = await service.from('users').select('qr_codes_created').eq('id', userId).single();
    expect((usage as { qr_codes_created: number }).qr_codes_created).toBe(1);
  });

  step('deletes the property and with it its last room', async () => {
    await properties().open();
    await mirador().delete('Are you sure you want to delete this property? Its 1 QR code will be deleted and stop working.');
    await properties().emptyTitle.waitFor();
    const { count } = await service.from('qr_codes').select('id', { count: 'exact', head: true }).eq('user_id', userId);
    expect(count).toBe(0);
  });

  step('a code that does not exist says so', async () => {
    await roomDetail().open(firstId, firstId);
    await roomDetail().error('QR code not found').waitFor();
  });
});
