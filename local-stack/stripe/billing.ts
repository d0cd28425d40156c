/**
 * The billing objects the stand-in keeps and the events they emit, as Stripe does: customers, Checkout
 * Sessions (completed from the checkout page), subscriptions (changed from the portal or the API) and
 * Billing Portal sessions.
 */
import { randomBytes } from 'node:crypto';
import { findPrice, type Catalogue } from './catalogue.ts';
import { StripeApiError } from './errors.ts';
import { formArray, formMetadata, formObject, formString, type FormObject } from './form.ts';
import {
  nowSeconds,
  periodEnd,
  publicJson,
  stripeId,
  type StripeCheckoutSession,
  type StripeCustomer,
  type StripePortalSession,
  type StripePrice,
  type StripeSubscription,
} from './objects.ts';
import type { StateStore } from './state.ts';
import type { WebhookSender } from './webhooks.ts';

export interface StripeContext {
  catalogue: Catalogue;
  store: StateStore;
  webhooks: WebhookSender;
  /** Where browsers reach the stand-in, e.g. `http://127.0.0.1:54321/stripe`. */
  publicUrl: string;
}

export function requireCustomer(ctx: StripeContext, id: string, param = 'customer'): StripeCustomer {
  const customer = ctx.store.state.customers[id];
  if (!customer) throw new StripeApiError(400, 'invalid_request_error', `No such customer: '${id}'`, 'resource_missing', param);
  return customer;
}

export function requireSubscription(ctx: StripeContext, id: string): StripeSubscription {
  const subscription = ctx.store.state.subscriptions[id];
  if (!subscription) throw new StripeApiError(404, 'invalid_request_error', `No such subscription: '${id}'`, 'resource_missing', 'id');
  return subscription;
}

/** An active price of the catalogue, or Stripe's error for `param`. */
function sellablePrice(ctx: StripeContext, id: string, param: string): StripePrice {
  const price = findPrice(ctx.catalogue, id);
  if (!price) throw new StripeApiError(400, 'invalid_request_error', `No such price: '${id}'`, 'resource_missing', param);
  if (!price.active)
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `The price specified is inactive. This field only accepts active prices.`,
      'parameter_invalid',
      param,
    );
  return price;
}

function parseQuantity(value: string | undefined, param: string): number {
  const quantity = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || !Number.isInteger(quantity) || quantity < 1) {
    throw new StripeApiError(400, 'invalid_request_error', `Invalid positive integer`, 'parameter_invalid_integer', param);
  }
  return quantity;
}

export function createCustomer(ctx: StripeContext, params: { email?: string; name?: string; metadata: Record<string, string> }): StripeCustomer {
  const customer: StripeCustomer = {
    id: stripeId('cus'),
    object: 'customer',
    created: nowSeconds(),
    email: params.email ?? null,
    name: params.name ?? null,
    description: null,
    livemode: false,
    metadata: params.metadata,
    currency: null,
    delinquent: false,
    balance: 0,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
  };
  ctx.store.state.customers[customer.id] = customer;
  ctx.store.save();
  ctx.webhooks.emit('customer.created', customer);
  return customer;
}

export function createCheckoutSession(ctx: StripeContext, form: FormObject): StripeCheckoutSession {
  const mode = formString(form.mode);
  if (mode !== 'subscription') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      mode ? `This stand-in only supports mode=subscription, not '${mode}'.` : 'Missing required param: mode.',
      mode ? 'parameter_invalid' : 'parameter_missing',
      'mode',
    );
  }
  const successUrl = formString(form.success_url);
  if (!successUrl) throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: success_url.', 'parameter_missing', 'success_url');
  const lines = formArray(form.line_items);
  if (lines.length !== 1) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      lines.length === 0 ? 'Missing required param: line_items.' : 'This stand-in supports exactly one line item.',
      'parameter_missing',
      'line_items',
    );
  }
  const line = formObject(lines[0]) ?? {};
  const priceId = formString(line.price);
  if (!priceId)
    throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: line_items[0][price].', 'parameter_missing', 'line_items[0][price]');
  const price = sellablePrice(ctx, priceId, 'line_items[0][price]');
  const quantity = parseQuantity(formString(line.quantity) ?? '1', 'line_items[0][quantity]');
  const customerId = formString(form.customer);
  if (customerId) requireCustomer(ctx, customerId);
  const created = nowSeconds();
  const session: StripeCheckoutSession = {
    id: stripeId('cs_test'),
    object: 'checkout.session',
    amount_subtotal: price.unit_amount * quantity,
    amount_total: price.unit_amount * quantity,
    cancel_url: formString(form.cancel_url) ?? null,
    client_reference_id: formString(form.client_reference_id) ?? null,
    created,
    currency: price.currency,
    customer: customerId ?? null,
    customer_email: formString(form.customer_email) ?? null,
    expires_at: created + 24 * 3600,
    livemode: false,
    metadata: formMetadata(form.metadata),
    mode: 'subscription',
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: successUrl,
    url: null,
    _line: { price: price.id, quantity },
    _subscriptionMetadata: formMetadata(formObject(form.subscription_data)?.metadata),
  };
  session.url = `${ctx.publicUrl}/checkout/${session.id}`;
  ctx.store.state.sessions[session.id] = session;
  ctx.store.save();
  return session;
}

/** The customer paid on the checkout page: the subscription starts and both events go out. */
export function completeCheckout(ctx: StripeContext, session: StripeCheckoutSession): void {
  const price = findPrice(ctx.catalogue, session._line.price);
  if (!price) throw new StripeApiError(400, 'invalid_request_error', `No such price: '${session._line.price}'`, 'resource_missing');
  const customer = session.customer
    ? requireCustomer(ctx, session.customer)
    : createCustomer(ctx, { email: session.customer_email ?? undefined, metadata: {} });
  const start = nowSeconds();
  const subscriptionId = stripeId('sub');
  const subscription: StripeSubscription = {
    id: subscriptionId,
    object: 'subscription',
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    collection_method: 'charge_automatically',
    created: start,
    currency: price.currency,
    customer: customer.id,
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          created: start,
          current_period_start: start,
          current_period_end: periodEnd(start, price.recurring.interval, price.recurring.interval_count),
          metadata: {},
          price,
          quantity: session._line.quantity,
          subscription: subscriptionId,
        },
      ],
      has_more: false,
      total_count: 1,
      url: `/v1/subscription_items?subscription=${subscriptionId}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: session._subscriptionMetadata,
    start_date: start,
    status: 'active',
  };
  ctx.store.state.subscriptions[subscription.id] = subscription;
  Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id, customer: customer.id, url: null });
  ctx.store.save();
  ctx.webhooks.emit('customer.subscription.created', subscription);
  ctx.webhooks.emit('checkout.session.completed', publicJson(session));
}

export function updateSubscription(ctx: StripeContext, subscription: StripeSubscription, form: FormObject): StripeSubscription {
  if (subscription.status === 'canceled') {
    throw new StripeApiError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
  }
  const item = subscription.items.data[0]!;
  const previousItem = structuredClone(item);
  const previous: Record<string, unknown> = {};
  const itemParams = formObject(formArray(form.items)[0]);
  if (itemParams) {
    const itemId = formString(itemParams.id);
    if (itemId && itemId !== item.id)
      throw new StripeApiError(400, 'invalid_request_error', `No such subscription item: '${itemId}'`, 'resource_missing', 'items[0][id]');
    const quantity = formString(itemParams.quantity);
    if (quantity !== undefined) item.quantity = parseQuantity(quantity, 'items[0][quantity]');
    const priceId = formString(itemParams.price);
    if (priceId) item.price = sellablePrice(ctx, priceId, 'items[0][price]');
  }
  const topQuantity = formString(form.quantity);
  if (topQuantity !== undefined) item.quantity = parseQuantity(topQuantity, 'quantity');
  if (item.quantity !== previousItem.quantity || item.price.id !== previousItem.price.id) {
    previous.items = { object: 'list', data: [previousItem], has_more: false, total_count: 1, url: subscription.items.url };
  }
  const cancelAtPeriodEnd = formString(form.cancel_at_period_end);
  if (cancelAtPeriodEnd !== undefined) {
    const next = cancelAtPeriodEnd === 'true';
    if (next !== subscription.cancel_at_period_end) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      previous.cancel_at = subscription.cancel_at;
      subscription.cancel_at_period_end = next;
      subscription.cancel_at = next ? item.current_period_end : null;
    }
  }
  if (form.metadata !== undefined) {
    previous.metadata = subscription.metadata;
    subscription.metadata = { ...subscription.metadata, ...formMetadata(form.metadata) };
  }
  ctx.store.save();
  if (Object.keys(previous).length > 0) ctx.webhooks.emit('customer.subscription.updated', subscription, previous);
  return subscription;
}

export function cancelSubscription(ctx: StripeContext, subscription: StripeSubscription): StripeSubscription {
  if (subscription.status === 'canceled') {
    throw new StripeApiError(400, 'invalid_request_error', `This subscription has already been canceled: '${subscription.id}'`);
  }
  const now = nowSeconds();
  Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false, cancel_at: null });
  ctx.store.save();
  ctx.webhooks.emit('customer.subscription.deleted', subscription);
  return subscription;
}

export function createPortalSession(ctx: StripeContext, form: FormObject): StripePortalSession {
  const customerId = formString(form.customer);
  if (!customerId) throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: customer.', 'parameter_missing', 'customer');
  requireCustomer(ctx, customerId);
  const id = stripeId('bps');
  const portal: StripePortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_local_default',
    created: nowSeconds(),
    customer: customerId,
    livemode: false,
    locale: formString(form.locale) ?? null,
    on_behalf_of: null,
    return_url: formString(form.return_url) ?? null,
    url: `${ctx.publicUrl}/portal/${id}`,
  };
  ctx.store.state.portals[id] = portal;
  ctx.store.save();
  return portal;
}
