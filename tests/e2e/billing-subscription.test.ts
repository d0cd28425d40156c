/**
 * The paying host's journey on the local stack: subscribe monthly for 3 rooms on the local Stripe checkout
 * page, see the plan in the navbar, hit the room limit, raise it to 5 rooms in the Billing Portal, cancel,
 * and check that guests can still open the existing guides. Rooms are created through the Data API with the
 * host's own token (the same insert the create form makes; the quota is the database's job).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anonClient, signedInClient, uniqueEmail } from './support/api.ts';
import { screenshot, useBrowser, viewports } from './support/browser.ts';

/** How long to wait for a page or a webhook's round trip to settle (a condition, not a timing assertion). */
const settle = { timeout: 20_000, interval: 250 };
const limitMessage = 'You have reached your QR code limit.';

async function createRoom(client: SupabaseClient, propertyId: string, roomNumber: string): Promise<{ id: string | null; error: string | null }> {
  const { data, error } = await client
    .from('qr_codes')
    .insert({ property_id: propertyId, name: `Room ${roomNumber}`, room_number: roomNumber, content: { wifi: { network: 'Guests', password: `pw-${roomNumber}` } } })
    .select('id')
    .single();
  return { id: (data as { id: string } | null)?.id ?? null, error: error?.message ?? null };
}

async function qrLimit(client: SupabaseClient, userId: string): Promise<number | null> {
  const { data } = await client.from('users').select('qr_code_limit').eq('id', userId).single();
  return (data as { qr_code_limit: number } | null)?.qr_code_limit ?? null;
}

/** Screenshots at desktop, tablet and phone widths (for review; nothing is asserted on the images). */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const viewport of [viewports.desktop, viewports.tablet, viewports.phone]) {
    await page.setViewportSize(viewport);
    await screenshot(page, name);
  }
  await page.setViewportSize(viewports.desktop);
}

/** The navbar's plan button (the phone layout renders a second one inside its menu). */
function planButton(page: Page) {
  return page.getByTestId('plan-button').filter({ visible: true });
}

async function openPortal(page: Page): Promise<void> {
  await page.getByTestId('manage-subscription').click();
  await page.waitForURL(/\/stripe\/portal\/bps_/);
}

describe('billing: per-room subscription', () => {
  const browser = useBrowser();

  it('subscribes for 3 rooms, scales to 5 in the portal, and cancelling blocks new rooms but keeps guides open', async () => {
    const { client, userId, email, password } = await signedInClient(uniqueEmail('billing'));
    const { data: property, error: propertyError } = await client.from('properties').insert({ name: 'Hotel Billing', type: 'hotel' }).select('id').single();
    expect(propertyError).toBeNull();
    const propertyId = (property as { id: string }).id;
    expect((await createRoom(client, propertyId, '100')).error).toBe(limitMessage);

    const page = browser.page;
    await page.goto('/login');
    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill(password);
    await page.locator('form button[type=submit]').click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => planButton(page).textContent(), settle).toBe('Subscribe');

    // Choose the monthly plan for 3 rooms: the total follows the quantity; values below 1 are ignored.
    await planButton(page).click();
    await page.waitForURL(/\/dashboard\/subscription$/);
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    const monthly = page.locator('[data-testid=plan-card][data-plan-type=monthly]');
    await expect.poll(() => monthly.getByTestId('plan-price').textContent(), settle).toBe('6.00 EUR');
    const quantity = page.getByTestId('quantity-input');
    await quantity.fill('0');
    await expect.poll(() => monthly.getByTestId('plan-total').textContent(), settle).toContain('6.00 EUR / month');
    await quantity.fill('3');
    await expect.poll(() => monthly.getByTestId('plan-total').textContent(), settle).toContain('18.00 EUR / month');
    await screenshots(page, 'billing-choose-plan');
    await monthly.getByTestId('subscribe-button').click();

    // The local Stripe checkout page.
    await page.waitForURL(/\/stripe\/checkout\/cs_test_/);
    expect(await page.getByTestId('checkout-quantity').textContent()).toBe('3');
    expect(await page.getByTestId('checkout-total').textContent()).toBe('18.00 EUR');
    await screenshot(page, 'billing-checkout');
    await page.getByRole('button', { name: /^Pay/ }).click();

    // Back on the app: confirming, then the current plan, and the navbar's label follows by itself.
    await page.waitForURL(/\/dashboard\/subscription/);
    await page.getByTestId('current-plan').waitFor();
    expect(await page.getByTestId('current-plan-rooms').textContent()).toBe('3');
    await expect.poll(() => planButton(page).textContent(), settle).toBe('Monthly Plan');
    await screenshots(page, 'billing-subscribed');

    // Three rooms fit, the fourth does not.
    const rooms: string[] = [];
    for (const number of ['101', '102', '103']) {
      const room = await createRoom(client, propertyId, number);
      expect(room.error).toBeNull();
      rooms.push(room.id!);
    }
    expect((await createRoom(client, propertyId, '104')).error).toBe(limitMessage);

    // Scale up to 5 rooms in the Billing Portal.
    await openPortal(page);
    await page.getByLabel('Number of rooms').fill('5');
    await page.getByRole('button', { name: 'Update rooms' }).click();
    await page.getByText('Your subscription now covers 5 rooms.').waitFor();
    await expect.poll(() => qrLimit(client, userId), settle).toBe(5);
    for (const number of ['104', '105']) {
      const room = await createRoom(client, propertyId, number);
      expect(room.error).toBeNull();
      rooms.push(room.id!);
    }
    expect((await createRoom(client, propertyId, '106')).error).toBe(limitMessage);
    await page.getByRole('link', { name: 'Return to RoomGuide' }).click();
    await page.waitForURL(/\/dashboard\/subscription/);
    await expect.poll(() => page.getByTestId('current-plan-rooms').textContent(), settle).toBe('5');

    // Cancel: new rooms are refused, the plan label falls back to Subscribe, guides stay open for guests.
    await openPortal(page);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Your subscription has been cancelled.').waitFor();
    await expect.poll(() => qrLimit(client, userId), settle).toBe(0);
    expect((await createRoom(client, propertyId, '106')).error).toBe(limitMessage);
    await page.getByRole('link', { name: 'Return to RoomGuide' }).click();
    await page.getByRole('heading', { name: 'Choose Your Plan' }).waitFor();
    await expect.poll(() => planButton(page).textContent(), settle).toBe('Subscribe');

    const guest = anonClient();
    for (const id of rooms) {
      const { data, error } = await guest.rpc('get_guide', { qr_id: id }, { get: true });
      expect(error).toBeNull();
      expect(data).not.toBeNull();
    }
  });
});
