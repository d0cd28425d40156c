/**
 * Stripe does not deliver webhook events in order, and advises applying one only when it is newer than what is
 * stored. The probe sent `price.created` (t0), `price.updated` with active=false (t0+300), then a late
 * `price.updated` with active=true (t0+200): the archived price became active again, and offered at checkout.
 * Events go through the gateway to the stripe-webhook function, signed as Stripe signs them.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signStripePayload } from '../../local-stack/stripe/index.ts';
import { localStripeWebhookSecret } from '../../local-stack/stripe/config.ts';

const t0 = 1_780_000_000;
let db: pg.Client;

async function deliver(type: string, object: Record<string, unknown>, created: number): Promise<number> {
  const payload = JSON.stringify({ id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', type, created, data: { object }, livemode: false });
  const response = await fetch(`${inject('apiUrl')}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, localStripeWebhookSecret) },
    body: payload,
  });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('dbUrl') });
  await db.connect();
});

afterAll(async () => {
  await db.end();
});

describe('Stripe catalogue events out of order', () => {
  it('keeps an archived price archived when an older update arrives late', async () => {
    const price = {
      id: `price_order_${randomUUID().slice(0, 8)}`,
      object: 'price',
      active: true,
      currency: 'eur',
      unit_amount: 700,
      product: 'prod_local_roomguide',
      recurring: { interval: 'month', interval_count: 1 },
    };
    expect(await deliver('price.created', price, t0)).toBe(200);
    expect(await deliver('price.updated', { ...price, active: false }, t0 + 300)).toBe(200);
    expect(await deliver('price.updated', { ...price, active: true, unit_amount: 650 }, t0 + 200)).toBe(200);
    const { rows } = await db.query('select active, unit_amount from public.prices where id = $1', [price.id]);
    expect(rows).toEqual([{ active: false, unit_amount: 700 }]);

    // A newer event still applies.
    expect(await deliver('price.updated', { ...price, active: true, unit_amount: 800 }, t0 + 400)).toBe(200);
    const later = await db.query('select active, unit_amount from public.prices where id = $1', [price.id]);
    expect(later.rows).toEqual([{ active: true, unit_amount: 800 }]);
  });

  it('keeps a product’s newest name and a deletion when older updates arrive late', async () => {
    const product = { id: `prod_order_${randomUUID().slice(0, 8)}`, object: 'product', active: true, name: 'Order Plan', description: null };
    expect(await deliver('product.created', product, t0)).toBe(200);
    expect(await deliver('product.updated', { ...product, name: 'Newest name' }, t0 + 300)).toBe(200);
    expect(await deliver('product.updated', { ...product, name: 'Older name' }, t0 + 200)).toBe(200);
    expect((await db.query('select name, active from public.products where id = $1', [product.id])).rows).toEqual([{ name: 'Newest name', active: true }]);

    expect(await deliver('product.deleted', { ...product, name: 'Newest name', deleted: true }, t0 + 500)).toBe(200);
    expect(await deliver('product.updated', { ...product, name: 'Late name' }, t0 + 450)).toBe(200);
    expect((await db.query('select name, active from public.products where id = $1', [product.id])).rows).toEqual([{ name: 'Newest name', active: false }]);
  });
});
