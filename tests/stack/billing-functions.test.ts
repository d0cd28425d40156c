/**
 * The billing functions as deployed: Deno behind the gateway's /functions/v1 (verify_jwt from
 * config.toml), talking to the Stripe stand-in mounted at /stripe, whose webhooks come back through the
 * gateway to stripe-webhook. Function-level cases live in supabase/functions/_test/billing.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { anonKey } from '../../local-stack/config.ts';
import { signStripePayload } from '../../local-stack/stripe/index.ts';
import { signedInClient, uniqueEmail } from '../e2e/support/api.ts';
import { apiUrl } from './support.ts';

describe('billing functions through the gateway', () => {
  it('requires a JWT for checkout and the portal but not for the webhook', async () => {
    for (const name of ['create-checkout-session', 'create-portal-session']) {
      const response = await fetch(`${apiUrl()}/functions/v1/${name}`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(401);
    }
    const webhook = await fetch(`${apiUrl()}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json', 'stripe-signature': signStripePayload('{}', 'whsec_wrong') },
      body: '{}',
    });
    expect(webhook.status).toBe(400);
    expect(await webhook.json()).toMatchObject({ code: 'invalid_signature' });
  });

  it('checkout → pay on the stand-in → the signed webhook sets the plan and the room limit', async () => {
    const { client, userId } = await signedInClient(uniqueEmail('billing-stack'));
    const { data, error } = await client.functions.invoke<{ url: string }>('create-checkout-session', {
      // No Origin header (a server-side caller): the function returns to the first SITE_URL origin.
      body: { priceId: 'price_local_annual', quantity: 4 },
    });
    expect(error).toBeNull();
    expect(data!.url).toMatch(new RegExp(`^${apiUrl()}/stripe/checkout/cs_test_`));

    const pay = await fetch(`${data!.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toMatch(/\/dashboard\/subscription\?checkout=success&session_id=cs_test_/);

    await expect
      .poll(async () => (await client.from('users').select('plan, qr_code_limit').eq('id', userId).single()).data, { timeout: 15_000, interval: 250 })
      .toEqual({ plan: 'annual', qr_code_limit: 4 });
    const { data: subscription } = await client.from('subscriptions').select('plan_type, status, quantity').eq('user_id', userId).single();
    expect(subscription).toEqual({ plan_type: 'annual', status: 'active', quantity: 4 });

    const portal = await client.functions.invoke<{ url: string }>('create-portal-session', { body: {} });
    expect(portal.error).toBeNull();
    expect(portal.data!.url).toMatch(/\/stripe\/portal\/bps_/);
  });
});
