/**
 * The three billing functions and the team invitation email, run as modules under Node against a real local stack and the Stripe
 * stand-in (see billing-harness.ts). One file so one stack serves every case.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonKey } from '../../../local-stack/config.ts';
import { localStripeWebhookSecret } from '../../../local-stack/stripe/config.ts';
import { signStripePayload } from '../../../local-stack/stripe/index.ts';
import { handler as createCheckoutSession } from '../create-checkout-session/handler.ts';
import { handler as createPortalSession } from '../create-portal-session/handler.ts';
import { handler as stripeWebhook } from '../stripe-webhook/handler.ts';
import { handler as sendTeamInvitation } from '../send-team-invitation/handler.ts';
import { createStripeClient } from '../_shared/stripe.ts';
import { siteOrigin, startBillingHarness, type BillingHarness, type CapturedEvent, type TestHost } from './billing-harness.ts';

let harness: BillingHarness;

beforeAll(async () => {
  harness = await startBillingHarness();
}, 180_000);

afterAll(async () => {
  await harness?.stop();
}, 60_000);

function checkoutRequest(host: TestHost | null, body: unknown, origin: string | null = siteOrigin): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json', apikey: anonKey };
  if (host) headers.authorization = `Bearer ${host.accessToken}`;
  if (origin) headers.origin = origin;
  return new Request('http://127.0.0.1/functions/v1/create-checkout-session', { method: 'POST', headers, body: JSON.stringify(body) });
}

async function account(userId: string) {
  const {
    rows: [user],
  } = await harness.db.query<{ plan: string | null; qr_code_limit: number }>('select u.plan, u.qr_code_limit from public.users u where u.id = $1', [userId]);
  const {
    rows: [subscription],
  } = await harness.db.query<{ status: string; quantity: number; plan_type: string | null; stripe_subscription_id: string; updated_at: Date }>(
    'select status, quantity, plan_type, stripe_subscription_id, updated_at from public.subscriptions where user_id = $1',
    [userId],
  );
  return { user: user!, subscription: subscription ?? null };
}

async function eventCount(): Promise<number> {
  const {
    rows: [row],
  } = await harness.db.query<{ count: string }>('select count(*) from public.stripe_events');
  return Number(row!.count);
}

/** Starts checkout through the function, pays on the stand-in's page and returns the events it emitted. */
async function subscribe(host: TestHost, rooms: number, priceId = 'price_local_monthly'): Promise<{ sessionId: string; events: CapturedEvent[] }> {
  const response = await createCheckoutSession(checkoutRequest(host, { priceId, quantity: rooms }));
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const sessionId = url.split('/').pop()!;
  const before = harness.captured.length;
  const pay = await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });
  expect(pay.status).toBe(303);
  await harness.standIn.idle();
  return { sessionId, events: harness.captured.slice(before) };
}

function deliver(event: CapturedEvent): Promise<Response> {
  return stripeWebhook(harness.webhookRequest(event.payload));
}

describe('create-checkout-session', () => {
  it('answers 401 without a JWT, through the gateway and in the handler', async () => {
    const viaGateway = await fetch(`${harness.stack.urls.api}/functions/v1/create-checkout-session`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json', origin: siteOrigin },
      body: JSON.stringify({ priceId: 'price_local_monthly', quantity: 1 }),
    });
    expect(viaGateway.status).toBe(401);

    const direct = await createCheckoutSession(checkoutRequest(null, { priceId: 'price_local_monthly', quantity: 1 }));
    expect(direct.status).toBe(401);
    expect(await direct.json()).toEqual({ code: 'not_logged_in', message: 'You must be logged in.' });
  });

  it('refuses unknown and inactive prices with a clear message', async () => {
    const host = await harness.signUp('prices');
    const unknown = await createCheckoutSession(checkoutRequest(host, { priceId: 'price_does_not_exist', quantity: 1 }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'invalid_price', message: expect.stringContaining('Unknown price price_does_not_exist') });

    await harness.db.query(
      `insert into public.prices (id, product_id, active, unit_amount, currency, interval, interval_count)
       values ('price_retired_monthly', 'prod_local_roomguide', false, 900, 'eur', 'month', 1) on conflict (id) do nothing`,
    );
    const inactive = await createCheckoutSession(checkoutRequest(host, { priceId: 'price_retired_monthly', quantity: 1 }));
    expect(inactive.status).toBe(400);
    expect(await inactive.json()).toMatchObject({ code: 'inactive_price', message: expect.stringContaining('no longer offered') });
  });

  it.each([0, 501, 2.5, -1, '3', null])('refuses quantity %j with a clear message', async (quantity) => {
    const host = await harness.signUp('quantity');
    const response = await createCheckoutSession(checkoutRequest(host, { priceId: 'price_local_monthly', quantity }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: 'invalid_quantity', message: 'The number of rooms must be a whole number from 1 to 500.' });
  });

  it('refuses a success URL on a foreign origin', async () => {
    const host = await harness.signUp('origin');
    const response = await createCheckoutSession(checkoutRequest(host, { priceId: 'price_local_monthly', quantity: 1 }, 'https://evil.example'));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'origin_not_allowed', message: expect.stringContaining('https://evil.example') });
  });

  it('creates a subscription-mode session for the rooms, returning to the subscription page, and reuses the customer', async () => {
    const host = await harness.signUp('checkout');
    const first = await createCheckoutSession(checkoutRequest(host, { priceId: 'price_local_semiannual', quantity: 7 }, 'http://localhost:5173'));
    expect(first.status).toBe(200);
    const { url, sessionId } = (await first.json()) as { url: string; sessionId: string };
    expect(url).toMatch(/\/stripe\/checkout\/cs_test_/);

    const stripe = createStripeClient();
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: host.id,
      metadata: { user_id: host.id },
      amount_total: 3300 * 7,
      success_url: 'http://localhost:5173/dashboard/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/dashboard/subscription?checkout=cancelled',
    });
    expect(session.customer).toMatch(/^cus_/);

    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain('231.00 EUR'); // 7 rooms × 33.00 EUR
    expect(html).toContain('>7<');

    const second = await createCheckoutSession(checkoutRequest(host, { priceId: 'price_local_monthly', quantity: 1 }));
    const again = await stripe.checkout.sessions.retrieve(((await second.json()) as { sessionId: string }).sessionId);
    expect(again.customer).toBe(session.customer);
  });
});

describe('billing belongs to the team’s owners', () => {
  async function teamOf(host: TestHost): Promise<string> {
    const { rows } = await harness.db.query<{ id: string }>('select id from public.teams where account_user_id = $1', [host.id]);
    return rows[0]!.id;
  }

  it('refuses checkout and the portal to a member who is not an owner, and to a team the caller is not in', async () => {
    const [founder, editor, stranger] = [await harness.signUp('team-founder'), await harness.signUp('team-editor'), await harness.signUp('team-stranger')];
    const teamId = await teamOf(founder);
    await harness.db.query(`insert into public.team_members (team_id, user_id, role) values ($1, $2, 'admin')`, [teamId, editor.id]);
    for (const caller of [editor, stranger]) {
      const checkout = await createCheckoutSession(checkoutRequest(caller, { teamId, priceId: 'price_local_monthly', quantity: 3 }));
      expect(checkout.status).toBe(403);
      expect(await checkout.json()).toEqual({ code: 'not_owner', message: "Only the team's owners manage its subscription." });
      const portal = await createPortalSession(
        new Request('http://127.0.0.1/functions/v1/create-portal-session', {
          method: 'POST',
          headers: { authorization: `Bearer ${caller.accessToken}`, origin: siteOrigin, 'content-type': 'application/json' },
          body: JSON.stringify({ teamId }),
        }),
      );
      expect(portal.status).toBe(403);
    }
    const malformed = await createCheckoutSession(checkoutRequest(founder, { teamId: 'not-a-team', priceId: 'price_local_monthly', quantity: 3 }));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'invalid_team' });
  });

  it('bills the team’s account when an owner who did not found it subscribes, and the whole team gets the rooms', async () => {
    const [founder, newOwner] = [await harness.signUp('team-handover'), await harness.signUp('team-new-owner')];
    const teamId = await teamOf(founder);
    await harness.db.query(`insert into public.team_members (team_id, user_id, role) values ($1, $2, 'owner')`, [teamId, newOwner.id]);
    const response = await createCheckoutSession(checkoutRequest(newOwner, { teamId, priceId: 'price_local_monthly', quantity: 4 }));
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    const before = harness.captured.length;
    expect((await fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    await harness.standIn.idle();
    for (const event of harness.captured.slice(before)) expect((await deliver(event)).status).toBe(200);
    expect(await account(founder.id)).toMatchObject({ user: { qr_code_limit: 4 }, subscription: { status: 'active', quantity: 4 } });
    expect((await account(newOwner.id)).subscription).toBeNull();
  });
});

describe('stripe-webhook', () => {
  it('answers 400 to a missing or wrong signature and changes nothing', async () => {
    const host = await harness.signUp('signature');
    const { events } = await subscribe(host, 2);
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    const eventsBefore = await eventCount();

    const missing = await stripeWebhook(harness.webhookRequest(completed.payload, null));
    expect(missing.status).toBe(400);
    const forged = await stripeWebhook(harness.webhookRequest(completed.payload, signStripePayload(completed.payload, 'whsec_not_ours')));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: 'invalid_signature' });
    const tampered = await stripeWebhook(
      harness.webhookRequest(
        completed.payload.replace('"livemode": false', '"livemode": true'),
        signStripePayload(completed.payload, localStripeWebhookSecret),
      ),
    );
    expect(tampered.status).toBe(400);

    expect(await eventCount()).toBe(eventsBefore);
    expect(await account(host.id)).toEqual({ user: { plan: null, qr_code_limit: 0 }, subscription: null });
  });

  it('applies an event delivered five times only once', async () => {
    const host = await harness.signUp('replay');
    const { events } = await subscribe(host, 3);
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;

    const first = await deliver(completed);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, handled: true });
    const afterFirst = await account(host.id);
    expect(afterFirst.user).toEqual({ plan: 'monthly', qr_code_limit: 3 });

    const replies = await Promise.all([1, 2, 3, 4].map(() => deliver(completed)));
    for (const reply of replies) {
      expect(reply.status).toBe(200);
      expect(await reply.json()).toEqual({ received: true, duplicate: true });
    }
    const { rows } = await harness.db.query('select id from public.stripe_events where id = $1', [completed.id]);
    expect(rows).toHaveLength(1);
    // No second write: the row's updated_at (stamped by a trigger on every update) did not move.
    expect(await account(host.id)).toEqual(afterFirst);
  });

  it('converges on Stripe’s latest state when events arrive out of order, and a cancellation sets the limit to 0', async () => {
    const host = await harness.signUp('order');
    const { events } = await subscribe(host, 3);
    const created = events.find((event) => event.type === 'customer.subscription.created')!;
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;

    const stripe = createStripeClient();
    const subscription = await stripe.subscriptions.retrieve(created.object.id);
    const before = harness.captured.length;
    await stripe.subscriptions.update(subscription.id, { items: [{ id: subscription.items.data[0]!.id, quantity: 5 }] });
    await harness.standIn.idle();
    const updated = harness.captured.slice(before).find((event) => event.type === 'customer.subscription.updated')!;
    expect(updated).toBeDefined();

    // The update lands first, then the (older) checkout completion, then the (oldest) creation.
    for (const event of [updated, completed, created]) expect((await deliver(event)).status).toBe(200);
    const state = await account(host.id);
    expect(state.user).toEqual({ plan: 'monthly', qr_code_limit: 5 });
    expect(state.subscription).toMatchObject({ status: 'active', quantity: 5, plan_type: 'monthly', stripe_subscription_id: subscription.id });

    const beforeCancel = harness.captured.length;
    await stripe.subscriptions.cancel(subscription.id);
    await harness.standIn.idle();
    const deleted = harness.captured.slice(beforeCancel).find((event) => event.type === 'customer.subscription.deleted')!;
    expect((await deliver(deleted)).status).toBe(200);
    // A late replay of the creation cannot bring the cancelled plan back: the effect re-reads Stripe.
    expect((await deliver({ ...created, payload: created.payload.replace(created.id, `${created.id}_redelivered`) })).status).toBe(200);
    const ended = await account(host.id);
    expect(ended.user).toEqual({ plan: null, qr_code_limit: 0 });
    expect(ended.subscription).toMatchObject({ status: 'canceled', quantity: 5 });
  });

  it('keeps products and prices in sync with price.* and product.* events', async () => {
    const price = {
      id: 'price_synced_annual',
      object: 'price',
      active: true,
      currency: 'eur',
      product: 'prod_local_roomguide',
      recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed' },
      type: 'recurring',
      unit_amount: 5400,
    };
    // Dated now, as Stripe dates a dashboard change: the stand-in announced the catalogue when the harness started, and
    // an event older than that would be skipped as out of order.
    const payload = (type: string, object: unknown, id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type,
        data: { object },
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      });
    expect((await stripeWebhook(harness.webhookRequest(payload('price.created', price, 'evt_price_created')))).status).toBe(200);
    expect((await stripeWebhook(harness.webhookRequest(payload('price.updated', { ...price, active: false }, 'evt_price_updated')))).status).toBe(200);
    const product = { id: 'prod_local_roomguide', object: 'product', active: true, name: 'RoomGuide Pro', description: 'Renamed in the dashboard' };
    expect((await stripeWebhook(harness.webhookRequest(payload('product.updated', product, 'evt_product_updated')))).status).toBe(200);

    const {
      rows: [priceRow],
    } = await harness.db.query('select active, unit_amount, plan_type from public.prices where id = $1', [price.id]);
    expect(priceRow).toEqual({ active: false, unit_amount: 5400, plan_type: 'annual' });
    const {
      rows: [productRow],
    } = await harness.db.query('select name, description from public.products where id = $1', [product.id]);
    expect(productRow).toEqual({ name: 'RoomGuide Pro', description: 'Renamed in the dashboard' });
  });
});

describe('create-portal-session', () => {
  it('answers 400 for a host who is not a customer yet, and the portal URL for a subscriber', async () => {
    const host = await harness.signUp('portal');
    const request = () =>
      new Request('http://127.0.0.1/functions/v1/create-portal-session', {
        method: 'POST',
        headers: { authorization: `Bearer ${host.accessToken}`, origin: siteOrigin, 'content-type': 'application/json' },
        body: '{}',
      });
    const notYet = await createPortalSession(request());
    expect(notYet.status).toBe(400);
    expect(await notYet.json()).toMatchObject({ code: 'not_a_customer' });

    await subscribe(host, 1);
    const response = await createPortalSession(request());
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/\/stripe\/portal\/bps_/);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Manage subscription');
    expect(page).toContain(`${siteOrigin}/dashboard/subscription?portal=return`);
  });
});

describe('send-team-invitation', () => {
  /** invite_member as `host` (the RPC reads the caller from the JWT claims): the token for the link. */
  async function invite(host: TestHost, email: string): Promise<string> {
    const client = await harness.db.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: host.id, role: 'authenticated' }),
      ]);
      const teamId = (await client.query<{ id: string }>('select id from public.teams where account_user_id = $1', [host.id])).rows[0]!.id;
      const { rows } = await client.query<{ invitation: { token: string } }>(`select public.invite_member($1, $2, 'editor') as invitation`, [teamId, email]);
      await client.query('commit');
      return rows[0]!.invitation.token;
    } finally {
      client.release();
    }
  }
  const request = (host: TestHost, body: unknown) =>
    new Request('http://127.0.0.1/functions/v1/send-team-invitation', {
      method: 'POST',
      headers: { authorization: `Bearer ${host.accessToken}`, origin: siteOrigin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const inbox = async (email: string) =>
    (await (await fetch(`${harness.stack.urls.inbox}/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
      subject: string;
      text: string;
      links: string[];
    }[];

  it('emails the link to the invited address in the inviter’s language, once the caller is an owner or admin', async () => {
    const owner = await harness.signUp('inviter');
    const invited = `guest-${Date.now().toString(36)}@example.test`;
    const token = await invite(owner, invited);
    const response = await sendTeamInvitation(request(owner, { token, language: 'es' }));
    expect(response.status).toBe(200);
    const [message] = await inbox(invited);
    expect(message?.subject).toBe(`Te han invitado a unirte a ${owner.email}'s team en RoomGuide`);
    expect(message?.text).toContain('como Editor');
    expect(message?.links).toContain(`${siteOrigin}/invite/${token}`);
  });

  it('refuses a member who may not invite, a token of no invitation, and an invitation no longer pending', async () => {
    const [owner, stranger] = [await harness.signUp('inviter-2'), await harness.signUp('not-in-team')];
    const token = await invite(owner, `someone-${Date.now().toString(36)}@example.test`);
    expect((await sendTeamInvitation(request(stranger, { token }))).status).toBe(403);
    expect((await sendTeamInvitation(request(owner, { token: 'f'.repeat(64) }))).status).toBe(403);
    expect((await sendTeamInvitation(request(owner, { token: 'short' }))).status).toBe(400);
    await harness.db.query('update public.team_invitations set revoked_at = now() where email like $1', ['someone-%']);
    const revoked = await sendTeamInvitation(request(owner, { token }));
    expect(revoked.status).toBe(409);
    expect(await revoked.json()).toMatchObject({ code: 'not_pending' });
  });
});
