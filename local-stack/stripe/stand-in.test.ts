import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { parseStripeForm } from './form.ts';
import { signStripePayload } from './index.ts';
import { localStripeWebhookSecret } from './config.ts';

const stripe = new Stripe('sk_test_unused', { httpClient: Stripe.createFetchHttpClient() });
const crypto = Stripe.createSubtleCryptoProvider();

describe('Stripe stand-in webhook signatures', () => {
  const payload = JSON.stringify({ id: 'evt_123', object: 'event', type: 'customer.subscription.updated', data: { object: { id: 'sub_1' } } });

  it('signs exactly as the Stripe SDK does (t=…,v1=HMAC-SHA256)', async () => {
    const timestamp = 1_767_225_600;
    const expected = await stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: localStripeWebhookSecret, timestamp, cryptoProvider: crypto });
    expect(signStripePayload(payload, localStripeWebhookSecret, timestamp)).toBe(expected);
  });

  it('produces headers the SDK verifies, and a wrong secret is rejected', async () => {
    const header = signStripePayload(payload, localStripeWebhookSecret);
    const event = await stripe.webhooks.constructEventAsync(payload, header, localStripeWebhookSecret, undefined, crypto);
    expect(event.id).toBe('evt_123');
    await expect(stripe.webhooks.constructEventAsync(payload, header, 'whsec_other', undefined, crypto)).rejects.toThrow(/signature/i);
  });
});

describe('form-encoded bodies as the SDK sends them', () => {
  it('parses nested objects and arrays', () => {
    const body = new URLSearchParams({
      mode: 'subscription',
      'line_items[0][price]': 'price_local_monthly',
      'line_items[0][quantity]': '3',
      'metadata[user_id]': 'u1',
      'subscription_data[metadata][user_id]': 'u1',
    }).toString();
    expect(parseStripeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_local_monthly', quantity: '3' }],
      metadata: { user_id: 'u1' },
      subscription_data: { metadata: { user_id: 'u1' } },
    });
  });
});
