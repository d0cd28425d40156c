/**
 * The Stripe objects the stand-in keeps, in Stripe's JSON shapes (API version 2026-10-28, the one the
 * pinned SDK sends): since 2025-03 the billing period lives on the subscription item, not the subscription.
 */
import { randomBytes } from 'node:crypto';

export function stripeId(prefix: string): string {
  // Stripe ids are a prefix plus 14–24 base62 characters; hex is close enough and stays unique.
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export interface StripePrice {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Record<string, string>;
  nickname: string | null;
  product: string;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number; usage_type: 'licensed'; meter: null; trial_period_days: null };
  tax_behavior: 'unspecified';
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface StripeProduct {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  description: string | null;
  livemode: false;
  metadata: Record<string, string>;
  name: string;
  updated: number;
}

export interface StripeCustomer {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  livemode: false;
  metadata: Record<string, string>;
  currency: string | null;
  delinquent: boolean;
  balance: number;
  invoice_prefix: string;
}

export interface StripeCheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: 'subscription';
  payment_status: 'paid' | 'unpaid';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string;
  url: string | null;
  /** Not part of Stripe's session JSON (Stripe keeps line items behind an expandable list); kept here to create the subscription. */
  _line: { price: string; quantity: number };
  _subscriptionMetadata: Record<string, string>;
}

export interface StripeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  metadata: Record<string, string>;
  price: StripePrice;
  quantity: number;
  subscription: string;
}

export interface StripeSubscription {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  ended_at: number | null;
  items: { object: 'list'; data: StripeSubscriptionItem[]; has_more: false; total_count: number; url: string };
  latest_invoice: string | null;
  livemode: false;
  metadata: Record<string, string>;
  start_date: number;
  status: 'active' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'past_due' | 'paused' | 'trialing' | 'unpaid';
}

export interface StripePortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** Strip the stand-in's private fields (leading underscore) before an object leaves the process. */
export function publicJson<T extends object>(value: T): Omit<T, `_${string}`> {
  const copy: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) if (!key.startsWith('_')) copy[key] = entry;
  return copy as Omit<T, `_${string}`>;
}

/** End of one billing period starting at `start` (seconds), by calendar months like Stripe. */
export function periodEnd(start: number, interval: StripePrice['recurring']['interval'], count: number): number {
  const date = new Date(start * 1000);
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count);
  else if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count);
  else if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}
