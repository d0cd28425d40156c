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
import { LoginPage } from './support/pages/login-page.ts';
import { StripeCheckoutPage, SubscriptionPage } from './support/pages/subscription-page.ts';

/** How long to wait for a page or a webhook's round trip to settle (a condition, not a timing assertion). */
const settle = { timeout: 20_000, interval: 250 };
const limitMessage = 'You have reached your QR code limit.';

async function createRoom(client: SupabaseClient, propertyId: string, roomNumber: string): Promise<{ id: string | null; error: string | null }> {
  const { data, error } = await client
    .from('qr_codes')
    .insert({
      property_id: propertyId,
      name: `Room ${roomNumber}`,
      room_number: roomNumber,
      content: { wifi: { network: 'Guests', password: `pw-${roomNumber}` } },
    })
    .select('id')
    .single();
  return { id: (data as { id: string } | null)?.id ?? null, error: error?.message ?? null };
}

async function roomLimit(client: SupabaseClient, userId: string): Promise<number | null> {
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

describe('billing: per-room subscription', () => {
  const browser = useBrowser();

  it('subscribes for 3 rooms, scales to 5 in the portal, and cancelling blocks new rooms but keeps guides open', async () => {
    const { client, userId, email, password } = await signedInClient(uniqueEmail('billing'));
    const { data: property, error: propertyError } = await client.from('properties').insert({ name: 'Hotel Billing', type: 'hotel' }).select('id').single();
    expect(propertyError).toBeNull();
    const propertyId = (property as { id: string }).id;
    expect((await createRoom(client, propertyId, '100')).error).toBe(limitMessage);

    const page = browser.page;
    const subscription = new SubscriptionPage(page);
    await new LoginPage(page).signIn(email, password);
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => subscription.navbarPlanButton.textContent(), settle).toBe('Subscribe');

    // Choose the monthly plan for 3 rooms: the total follows the quantity; values below 1 are ignored.
    await subscription.navbarPlanButton.click();
    await page.waitForURL(/\/dashboard\/subscription$/);
    await subscription.choosePlanHeading.waitFor();
    const monthly = subscription.plan('Monthly Plan');
    await expect.poll(() => monthly.price.textContent(), settle).toBe('6.00 EUR');
    await subscription.quantity.fill('0');
    await expect.poll(() => monthly.total.textContent(), settle).toContain('6.00 EUR / month');
    await subscription.quantity.fill('3');
    await expect.poll(() => monthly.total.textContent(), settle).toContain('18.00 EUR / month');
    await screenshots(page, 'billing-choose-plan');
    await monthly.subscribe.click();

    // The local Stripe checkout page.
    const checkout = new StripeCheckoutPage(page);
    await checkout.waitFor();
    expect(await checkout.quantity()).toBe('3');
    expect(await checkout.total()).toBe('18.00 EUR');
    await screenshot(page, 'billing-checkout');
    await checkout.pay('18.00 EUR');

    // Back on the app: confirming, then the current plan, and the navbar's label follows by itself.
    await page.waitForURL(/\/dashboard\/subscription/);
    await subscription.currentPlan.waitFor();
    expect(await subscription.currentPlanRooms()).toBe('3');
    await expect.poll(() => subscription.navbarPlanButton.textContent(), settle).toBe('Monthly Plan');
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
    let portal = await subscription.openPortal();
    await portal.updateRooms(5);
    await portal.notice('Your subscription now covers 5 rooms.').waitFor();
    await expect.poll(() => roomLimit(client, userId), settle).toBe(5);
    for (const number of ['104', '105']) {
      const room = await createRoom(client, propertyId, number);
      expect(room.error).toBeNull();
      rooms.push(room.id!);
    }
    expect((await createRoom(client, propertyId, '106')).error).toBe(limitMessage);
    await portal.returnToApp();
    await page.waitForURL(/\/dashboard\/subscription/);
    await expect.poll(() => subscription.currentPlanRooms(), settle).toBe('5');

    // Cancel: new rooms are refused, the plan label falls back to Subscribe, guides stay open for guests.
    portal = await subscription.openPortal();
    await portal.cancelSubscription();
    await portal.notice('Your subscription has been cancelled.').waitFor();
    await expect.poll(() => roomLimit(client, userId), settle).toBe(0);
    expect((await createRoom(client, propertyId, '106')).error).toBe(limitMessage);
    await portal.returnToApp();
    await subscription.choosePlanHeading.waitFor();
    await expect.poll(() => subscription.navbarPlanButton.textContent(), settle).toBe('Subscribe');

    const guest = anonClient();
    for (const id of rooms) {
      const { data, error } = await guest.rpc('get_guide', { qr_id: id }, { get: true });
      expect(error).toBeNull();
      expect(data).not.toBeNull();
    }
  });
});
