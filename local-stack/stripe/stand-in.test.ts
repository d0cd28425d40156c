import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm } from './form.ts';
import { messagePage } from './pages.ts';
import { createStripeStandIn, signStripePayload, type StripeStandIn } from './index.ts';
import { localStripeSecretKey, localStripeWebhookSecret } from './config.ts';

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

describe('the stand-in speaks Stripe’s API to the real SDK', () => {
  let server: Server;
  let standIn: StripeStandIn;
  let baseUrl: string;
  const webhookStatuses: number[] = [];
  const received: { signature: string | undefined; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/webhook') {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          received.push({ signature: req.headers['stripe-signature'] as string | undefined, body });
          // The first delivery of the retry case fails with a 503, as a restarting function would.
          const firstTry = body.includes('retry@example.com') && received.filter((entry) => entry.body === body).length === 1;
          const status = firstTry ? 503 : 200;
          webhookStatuses.push(status);
          res.writeHead(status).end();
        });
        return;
      }
      void standIn.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    standIn = createStripeStandIn({
      publicUrl: `${baseUrl}/stripe`,
      webhookUrl: `${baseUrl}/webhook`,
      retryDelaysMs: [5, 5, 5],
    });
  });

  afterAll(async () => {
    await standIn.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  function client(key = localStripeSecretKey): Stripe {
    const base = new URL(baseUrl);
    return new Stripe(key, {
      host: base.hostname,
      port: base.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      httpClient: Stripe.createFetchHttpClient((input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        url.pathname = `/stripe${url.pathname}`;
        return fetch(url, init);
      }),
    });
  }

  it('creates and retrieves customers with Stripe ids, and answers errors in Stripe’s shape', async () => {
    const created = await client().customers.create({ email: 'host@example.com', metadata: { user_id: 'u1' } });
    expect(created).toMatchObject({ object: 'customer', email: 'host@example.com', metadata: { user_id: 'u1' } });
    expect(created.id).toMatch(/^cus_/);
    expect((await client().customers.retrieve(created.id)).id).toBe(created.id);

    await expect(client().customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
      message: "No such customer: 'cus_missing'",
    });
    await expect(client('sk_test_wrong_key_1234').customers.create({})).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });

  it('delivers webhooks signed for the SDK and retries a 5xx', async () => {
    await client().customers.create({ email: 'retry@example.com' });
    await standIn.idle();
    const delivered = standIn.deliveries().filter((delivery) => (delivery.event.data.object as { email?: string }).email === 'retry@example.com');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200 });
    const last = received.at(-1)!;
    const event = await stripe.webhooks.constructEventAsync(last.body, last.signature!, localStripeWebhookSecret, undefined, crypto);
    expect(event).toMatchObject({ type: 'customer.created', object: 'event', api_version: '2026-10-28.endive' });
  });
});

describe('the stand-in’s pages', () => {
  it('name an icon that needs no request, so browsers do not ask the gateway for /favicon.ico (a 404)', () => {
    const page = new DOMParser().parseFromString(messagePage('Paid', 'Thank you.'), 'text/html');
    expect(page.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('data:,');
  });
});
