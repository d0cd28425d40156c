/**
 * What the stand-in sells: RoomGuide's product and its three per-room prices. Stripe owns the catalogue in
 * production and the `stripe-webhook` function copies it into `products`/`prices` from `product.*` and
 * `price.*` events; the stand-in does the same on start (see `announceCatalogue` in index.ts), so the local
 * database gets its plans the way a hosted one does.
 */
import type { StripePrice, StripeProduct } from './objects.ts';

/** When the local catalogue was "created" in Stripe: fixed, so the objects are the same on every start. */
const created = 1767225600;

const product: StripeProduct = {
  id: 'prod_local_roomguide',
  object: 'product',
  active: true,
  created,
  description: 'One guest guide and QR code per room. All features included, no minimum commitment, scale up or down at any time.',
  livemode: false,
  metadata: {},
  name: 'RoomGuide',
  updated: created,
};

function recurringPrice(id: string, unitAmount: number, interval: 'month' | 'year', intervalCount: number): StripePrice {
  return {
    id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: 'eur',
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: product.id,
    recurring: { interval, interval_count: intervalCount, usage_type: 'licensed', meter: null, trial_period_days: null },
    tax_behavior: 'unspecified',
    type: 'recurring',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  };
}

export interface Catalogue {
  products: StripeProduct[];
  prices: StripePrice[];
}

/**
 * Per room for one billing period, in cents: 6.00 EUR a month; 6 months for 33.00 EUR (5.50 a month); a year
 * for 60.00 EUR (5.00 a month).
 */
export const localCatalogue: Catalogue = {
  products: [product],
  prices: [
    recurringPrice('price_local_monthly', 600, 'month', 1),
    recurringPrice('price_local_semiannual', 3300, 'month', 6),
    recurringPrice('price_local_annual', 6000, 'year', 1),
  ],
};

export function findPrice(catalogue: Catalogue, id: string): StripePrice | undefined {
  return catalogue.prices.find((price) => price.id === id);
}

export function findProduct(catalogue: Catalogue, id: string): StripeProduct | undefined {
  return catalogue.products.find((candidate) => candidate.id === id);
}
