/**
 * Guests ask, staff answer: a guest on a 390 px phone sends a request while offline; once the phone is back online it
 * arrives on the staff queue open at 1280 px within 2 s (live, no reload) and in the property's inbox. The staff
 * member replies and marks it done, and the guest's open guide shows both; analytics counts it. A notice shows only
 * inside its window, offline too, in the guest's language.
 * Screenshots of the guide's request card and of the queue at 390, 820 and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { guidePath } from '../../src/lib/guide-url.ts';
import { serviceClient, signedInClient, uniqueEmail } from './support/api.ts';
import { collectPageErrors, screenshotWidths, useBrowser } from './support/browser.ts';
import { signIn } from './support/host.ts';
import { waitForEmail } from './support/inbox.ts';

const liveState = (page: Page, state: 'live' | 'paused') => page.locator(`[data-live="${state}"]`).waitFor({ state: 'attached', timeout: 30_000 });
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

describe('guest requests', () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it('go from a guest’s phone, sent offline, to the live staff queue and the inbox; the reply and done reach the guide', async () => {
    const staff = browser.page;
    const problems = collectPageErrors(staff);
    const host = await signedInClient();
    const frontDesk = uniqueEmail('front-desk');
    expect((await serviceClient().from('users').update({ qr_code_limit: 5 }).eq('id', host.userId).select('id').single()).error).toBeNull();
    const property = await host.client
      .from('properties')
      .insert({ name: 'Hotel Ask', type: 'hotel', requests_enabled: true, request_emails: [frontDesk] })
      .select('id')
      .single();
    expect(property.error).toBeNull();
    const propertyId = property.data!.id as string;
    const created = await host.client.rpc('create_rooms', { property_id: propertyId, rooms: [{ name: 'Corner room', room_number: '215' }] });
    expect(created.error).toBeNull();
    const roomId = ((created.data ?? []) as { id: string }[])[0].id;
    // Notices outside their window (one planned, one ended); the current one is added by the staff below.
    const notices = await host.client.from('guest_notices').insert([
      { property_id: propertyId, text: 'Breakfast moves to the terrace', starts_at: hoursFromNow(20), ends_at: hoursFromNow(30) },
      { property_id: propertyId, text: 'The lift was out of order', starts_at: hoursFromNow(-5), ends_at: hoursFromNow(-1) },
    ]);
    expect(notices.error).toBeNull();

    await signIn(staff, host.email, host.password);
    await staff.goto('/dashboard/requests');
    await staff.getByRole('heading', { name: 'Guest requests', level: 1, exact: true }).waitFor();
    await staff.getByText('No new requests. New ones appear here as guests send them.', { exact: true }).waitFor();
    await liveState(staff, 'live');

    // The staff adds a notice for room 215 from now, with a Spanish translation.
    const noticeForm = staff.getByRole('form', { name: 'New notice' });
    await noticeForm.getByRole('textbox', { name: 'Rooms', exact: true }).fill('999');
    await noticeForm.getByRole('textbox', { name: 'Text', exact: true }).fill('The pool is closed today');
    await noticeForm.getByRole('button', { name: 'Add notice', exact: true }).click();
    await noticeForm.getByText('These rooms are not in this property: 999.', { exact: true }).waitFor();
    await noticeForm.getByRole('textbox', { name: 'Rooms', exact: true }).fill('215');
    await noticeForm.getByText('Translations (optional)', { exact: true }).click();
    await noticeForm.getByRole('textbox', { name: 'Español', exact: true }).fill('La piscina está cerrada hoy');
    await noticeForm.getByRole('button', { name: 'Add notice', exact: true }).click();
    await staff.getByRole('list', { name: 'Current and planned notices' }).getByText('The pool is closed today', { exact: true }).waitFor();

    // The guest: the notice inside its window shows, the others do not.
    const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await guestContext.newPage();
    await guest.goto(guidePath(roomId));
    await guest.getByRole('heading', { name: 'Ask the staff', level: 2, exact: true }).waitFor();
    await guest.getByRole('list', { name: 'Notices from your hosts' }).getByText('The pool is closed today', { exact: true }).waitFor();
    expect(await guest.getByText('Breakfast moves to the terrace').count()).toBe(0);
    expect(await guest.getByText('The lift was out of order').count()).toBe(0);

    // Saved on the phone: offline, the reopened guide still shows the notice and the request card.
    await expect.poll(() => guest.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => guest.evaluate(async (path) => Boolean(await caches.match(path)), guidePath(roomId)), { timeout: 15_000 }).toBe(true);
    await guestContext.setOffline(true);
    await guest.reload();
    await guest.getByRole('heading', { name: 'Ask the staff', level: 2, exact: true }).waitFor();
    await guest.getByRole('list', { name: 'Notices from your hosts' }).getByText('The pool is closed today', { exact: true }).waitFor();

    // Offline: the request is kept on the phone, and the guide says so.
    await guest.getByRole('radio', { name: 'Extra towels', exact: true }).check();
    await guest.getByRole('textbox', { name: 'Note (optional)', exact: true }).fill('Two large ones, please');
    await guest.getByRole('button', { name: 'Send request', exact: true }).click();
    await guest
      .getByRole('status')
      .filter({ hasText: "You're offline. Your request is kept on this device and will be sent when you're back online." })
      .waitFor();
    await guest.getByText('Waiting to be sent', { exact: true }).waitFor();
    await screenshotWidths(guest, 'guest-request-offline');

    // Back online: it is sent by itself and shows on the open queue within 2 s, without a reload.
    const accepted = guest.waitForResponse((response) => response.url().includes('/rest/v1/rpc/submit_guest_request') && response.status() === 200);
    await guestContext.setOffline(false);
    await accepted;
    const sentAt = Date.now();
    const card = staff.getByRole('article', { name: 'Extra towels · Room 215', exact: true });
    await card.waitFor({ timeout: 10_000 });
    expect(Date.now() - sentAt).toBeLessThan(2000);
    await card.getByText('Two large ones, please', { exact: true }).waitFor();
    // The navbar's count (the desktop bar's link; the phone menu holds the same items).
    await staff.getByRole('link', { name: 'Requests, 1 new', exact: true }).first().waitFor();
    await guest.getByText('Received', { exact: true }).waitFor();

    // The property's address has the email.
    const email = await waitForEmail(frontDesk, (message) => message.subject.includes('Extra towels'));
    expect(email.subject).toBe('New request from room 215: Extra towels');
    expect(email.text).toContain('Two large ones, please');
    await screenshotWidths(staff, 'staff-request-queue');

    // A Spanish guest of the room reads the notice in Spanish.
    const spanish = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' })).newPage();
    await spanish.goto(guidePath(roomId));
    await spanish.getByRole('list', { name: 'Avisos de tus anfitriones' }).getByText('La piscina está cerrada hoy', { exact: true }).waitFor();

    // The staff member replies and marks it done; the guest's open guide shows both.
    await card.getByRole('textbox', { name: 'Reply to the guest', exact: true }).fill('On their way to your room');
    await card.getByRole('button', { name: 'Save reply and note', exact: true }).click();
    await staff.getByText('Reply and note saved', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Mark done', exact: true }).click();
    await staff.getByRole('tab', { name: 'Done (1)', exact: true }).waitFor();
    await staff.getByRole('tab', { name: 'Done (1)', exact: true }).click();
    await staff.getByRole('article', { name: 'Extra towels · Room 215', exact: true }).getByRole('button', { name: 'Reopen', exact: true }).waitFor();
    await guest.getByText('On their way to your room', { exact: true }).waitFor({ timeout: 30_000 });
    await guest.getByText('Done', { exact: true }).waitFor({ timeout: 30_000 });
    await screenshotWidths(guest, 'guest-request-done');

    // Analytics counts it, with its time to done.
    await staff.goto('/dashboard/analytics');
    const byType = staff.getByRole('table', { name: 'Guest requests by type', exact: true });
    const towels = byType.getByRole('row').filter({ has: staff.getByRole('cell', { name: 'Extra towels', exact: true }) });
    await towels.waitFor();
    expect(await towels.getByRole('cell').allTextContents()).toEqual(['Extra towels', '1', '1', '1 min']);
    expect(problems).toEqual([]);
  });
});
