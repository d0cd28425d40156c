/**
 * Local Stripe stand-in, mounted by the gateway at `/stripe`. It implements exactly the Stripe API calls
 * our Edge Functions make (customers, Checkout Sessions, subscriptions, Billing Portal sessions, prices and
 * products retrieve) with Stripe's form-encoded requests, JSON shapes, ids and error shape, serves the two
 * pages Stripe hosts (Checkout and the Billing Portal) and delivers webhooks signed the way Stripe signs
 * them (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`), retrying on 5xx.
 *
 * The price catalogue is the `products`/`prices` tables of the local database (seeded with the local
 * prices), so what the subscription page lists is what this stand-in sells.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { localStripeSecretKey, localStripeWebhookSecret, stripeApiVersion } from './config.ts';
import { formArray, formMetadata, formObject, formString, parseStripeForm, type FormObject } from './form.ts';
import {
  nowSeconds,
  periodEnd,
  publicJson,
  stripeId,
  type StripeCheckoutSession,
  type StripeCustomer,
  type StripeEvent,
  type StripePortalSession,
  type StripePrice,
  type StripeProduct,
  type StripeSubscription,
} from './objects.ts';
import { checkoutPage, messagePage, portalPage } from './pages.ts';

export interface StripeStandInOptions {
  /** Superuser URL of the local database: the `products`/`prices` tables are the catalogue. */
  databaseUrl: string;
  /** Where browsers reach the stand-in, e.g. `http://127.0.0.1:54321/stripe` (checkout/portal URLs). */
  publicUrl: string;
  /** Where webhooks go, e.g. `http://127.0.0.1:54321/functions/v1/stripe-webhook`. */
  webhookUrl: string;
  secretKey?: string;
  webhookSecret?: string;
  /** JSON file keeping customers and subscriptions across restarts (omit to keep them in memory only). */
  stateFile?: string;
  /** Delay before retry n (ms); Stripe backs off over days, locally a few seconds is enough. */
  retryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface WebhookDelivery {
  event: StripeEvent;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
}

export interface StripeStandIn {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
  /** Resolves when every queued webhook has been delivered or given up on (tests wait on this). */
  idle(): Promise<void>;
  deliveries(): WebhookDelivery[];
}

interface State {
  customers: Record<string, StripeCustomer>;
  sessions: Record<string, StripeCheckoutSession>;
  subscriptions: Record<string, StripeSubscription>;
  portals: Record<string, StripePortalSession>;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'api_error' | 'authentication_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const liveStatuses = new Set(['active', 'trialing', 'past_due']);

export function signStripePayload(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function createStripeStandIn(options: StripeStandInOptions): StripeStandIn {
  const secretKey = options.secretKey ?? localStripeSecretKey;
  const webhookSecret = options.webhookSecret ?? localStripeWebhookSecret;
  const publicUrl = options.publicUrl.replace(/\/$/, '');
  const retryDelays = options.retryDelaysMs ?? [250, 500, 1000, 2000, 4000, 8000];
  const log = options.log ?? (() => {});
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  const state: State = loadState(options.stateFile);
  const deliveries: WebhookDelivery[] = [];
  const queue: WebhookDelivery[] = [];
  let draining: Promise<void> | null = null;
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();

  function save(): void {
    if (!options.stateFile) return;
    fs.mkdirSync(path.dirname(options.stateFile), { recursive: true });
    fs.writeFileSync(options.stateFile, JSON.stringify(state));
  }

  // ---- catalogue (the database's products/prices) ----

  async function findPrice(id: string): Promise<StripePrice | undefined> {
    const { rows } = await pool.query<{
      id: string; product_id: string; active: boolean; unit_amount: number | string; currency: string; interval: string; interval_count: number | null;
    }>('select id, product_id, active, unit_amount, currency, "interval", interval_count from public.prices where id = $1', [id]);
    const row = rows[0];
    if (!row) return undefined;
    const amount = Number(row.unit_amount);
    return {
      id: row.id,
      object: 'price',
      active: row.active,
      billing_scheme: 'per_unit',
      created: 1767225600,
      currency: row.currency.toLowerCase(),
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: row.product_id,
      recurring: {
        interval: row.interval as StripePrice['recurring']['interval'],
        interval_count: row.interval_count ?? 1,
        usage_type: 'licensed',
        meter: null,
        trial_period_days: null,
      },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
  }

  async function findProduct(id: string): Promise<StripeProduct | undefined> {
    const { rows } = await pool.query<{ id: string; active: boolean; name: string; description: string | null }>(
      'select id, active, name, description from public.products where id = $1',
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    return { id: row.id, object: 'product', active: row.active, created: 1767225600, description: row.description, livemode: false, metadata: {}, name: row.name, updated: 1767225600 };
  }

  // ---- webhooks ----

  function emit(type: string, object: unknown, previousAttributes?: Record<string, unknown>): void {
    const event: StripeEvent = {
      id: stripeId('evt'),
      object: 'event',
      api_version: stripeApiVersion,
      created: nowSeconds(),
      data: previousAttributes ? { object, previous_attributes: previousAttributes } : { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const delivery: WebhookDelivery = { event, status: 'pending', attempts: 0, lastStatus: null };
    deliveries.push(delivery);
    queue.push(delivery);
    drain();
  }

  function drain(): void {
    if (draining || closed) return;
    draining = (async () => {
      while (queue.length > 0 && !closed) {
        await deliver(queue.shift()!);
      }
    })().finally(() => {
      draining = null;
    });
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  async function deliver(delivery: WebhookDelivery): Promise<void> {
    const payload = JSON.stringify(delivery.event, null, 2);
    for (let attempt = 0; attempt <= retryDelays.length && !closed; attempt++) {
      if (attempt > 0) await sleep(retryDelays[attempt - 1]!);
      if (closed) return;
      delivery.attempts++;
      try {
        const response = await fetch(options.webhookUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signStripePayload(payload, webhookSecret),
          },
          body: payload,
        });
        delivery.lastStatus = response.status;
        await response.arrayBuffer();
        if (response.ok) {
          delivery.status = 'delivered';
          log(`[stripe] ${delivery.event.type} ${delivery.event.id} → ${response.status}`);
          return;
        }
        log(`[stripe] ${delivery.event.type} ${delivery.event.id} → ${response.status} (attempt ${delivery.attempts})`);
        // Stripe retries every non-2xx; a 4xx here means the endpoint rejected the event itself (a bad
        // signature), which no retry fixes, so locally only server errors are retried.
        if (response.status < 500) break;
      } catch (error) {
        delivery.lastStatus = null;
        log(`[stripe] ${delivery.event.type} ${delivery.event.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    delivery.status = 'failed';
  }

  // ---- API ----

  function requireCustomer(id: string, param = 'customer'): StripeCustomer {
    const customer = state.customers[id];
    if (!customer) throw new StripeApiError(400, 'invalid_request_error', `No such customer: '${id}'`, 'resource_missing', param);
    return customer;
  }

  function requireSubscription(id: string): StripeSubscription {
    const subscription = state.subscriptions[id];
    if (!subscription) throw new StripeApiError(404, 'invalid_request_error', `No such subscription: '${id}'`, 'resource_missing', 'id');
    return subscription;
  }

  function parseQuantity(value: string | undefined, param: string): number {
    const quantity = Number(value);
    if (value === undefined || !/^\d+$/.test(value) || !Number.isInteger(quantity) || quantity < 1) {
      throw new StripeApiError(400, 'invalid_request_error', `Invalid positive integer`, 'parameter_invalid_integer', param);
    }
    return quantity;
  }

  function createCustomer(params: { email?: string; name?: string; metadata: Record<string, string> }): StripeCustomer {
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
    state.customers[customer.id] = customer;
    save();
    emit('customer.created', customer);
    return customer;
  }

  async function createCheckoutSession(form: FormObject): Promise<StripeCheckoutSession> {
    const mode = formString(form.mode);
    if (mode !== 'subscription') {
      throw new StripeApiError(400, 'invalid_request_error', mode ? `This stand-in only supports mode=subscription, not '${mode}'.` : 'Missing required param: mode.', mode ? 'parameter_invalid' : 'parameter_missing', 'mode');
    }
    const successUrl = formString(form.success_url);
    if (!successUrl) throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: success_url.', 'parameter_missing', 'success_url');
    const lines = formArray(form.line_items);
    if (lines.length !== 1) {
      throw new StripeApiError(400, 'invalid_request_error', lines.length === 0 ? 'Missing required param: line_items.' : 'This stand-in supports exactly one line item.', 'parameter_missing', 'line_items');
    }
    const line = formObject(lines[0]) ?? {};
    const priceId = formString(line.price);
    if (!priceId) throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: line_items[0][price].', 'parameter_missing', 'line_items[0][price]');
    const price = await findPrice(priceId);
    if (!price) throw new StripeApiError(400, 'invalid_request_error', `No such price: '${priceId}'`, 'resource_missing', 'line_items[0][price]');
    if (!price.active) throw new StripeApiError(400, 'invalid_request_error', `The price specified is inactive. This field only accepts active prices.`, 'parameter_invalid', 'line_items[0][price]');
    const quantity = parseQuantity(formString(line.quantity) ?? '1', 'line_items[0][quantity]');
    const customerId = formString(form.customer);
    if (customerId) requireCustomer(customerId);
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
    session.url = `${publicUrl}/checkout/${session.id}`;
    state.sessions[session.id] = session;
    save();
    return session;
  }

  async function completeCheckout(session: StripeCheckoutSession): Promise<void> {
    const price = await findPrice(session._line.price);
    if (!price) throw new StripeApiError(400, 'invalid_request_error', `No such price: '${session._line.price}'`, 'resource_missing');
    const customer = session.customer ? requireCustomer(session.customer) : createCustomer({ email: session.customer_email ?? undefined, metadata: {} });
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
        data: [{
          id: stripeId('si'),
          object: 'subscription_item',
          created: start,
          current_period_start: start,
          current_period_end: periodEnd(start, price.recurring.interval, price.recurring.interval_count),
          metadata: {},
          price,
          quantity: session._line.quantity,
          subscription: subscriptionId,
        }],
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
    state.subscriptions[subscription.id] = subscription;
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id, customer: customer.id, url: null });
    save();
    emit('customer.subscription.created', subscription);
    emit('checkout.session.completed', publicJson(session));
  }

  async function updateSubscription(subscription: StripeSubscription, form: FormObject): Promise<StripeSubscription> {
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    const item = subscription.items.data[0]!;
    const previousItem = structuredClone(item);
    const previous: Record<string, unknown> = {};
    const itemParams = formObject(formArray(form.items)[0]);
    if (itemParams) {
      const itemId = formString(itemParams.id);
      if (itemId && itemId !== item.id) throw new StripeApiError(400, 'invalid_request_error', `No such subscription item: '${itemId}'`, 'resource_missing', 'items[0][id]');
      const quantity = formString(itemParams.quantity);
      if (quantity !== undefined) item.quantity = parseQuantity(quantity, 'items[0][quantity]');
      const priceId = formString(itemParams.price);
      if (priceId) {
        const price = await findPrice(priceId);
        if (!price || !price.active) throw new StripeApiError(400, 'invalid_request_error', `No such price: '${priceId}'`, 'resource_missing', 'items[0][price]');
        item.price = price;
      }
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
    save();
    if (Object.keys(previous).length > 0) emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  function cancelSubscription(subscription: StripeSubscription): StripeSubscription {
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, 'invalid_request_error', `This subscription has already been canceled: '${subscription.id}'`);
    }
    const now = nowSeconds();
    Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false, cancel_at: null });
    save();
    emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  async function api(method: string, route: string, form: FormObject, authorization: string | undefined): Promise<unknown> {
    const key = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    if (!key) throw new StripeApiError(401, 'invalid_request_error', 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').');
    if (key !== secretKey) throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`, 'api_key_invalid');
    let match: RegExpExecArray | null;
    if (method === 'POST' && route === '/v1/customers') {
      return createCustomer({ email: formString(form.email), name: formString(form.name), metadata: formMetadata(form.metadata) });
    }
    if (method === 'GET' && (match = /^\/v1\/customers\/([^/]+)$/.exec(route))) {
      const customer = state.customers[decodeURIComponent(match[1]!)];
      if (!customer) throw new StripeApiError(404, 'invalid_request_error', `No such customer: '${match[1]}'`, 'resource_missing', 'id');
      return customer;
    }
    if (method === 'POST' && route === '/v1/checkout/sessions') return publicJson(await createCheckoutSession(form));
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(route))) {
      const session = state.sessions[decodeURIComponent(match[1]!)];
      if (!session) throw new StripeApiError(404, 'invalid_request_error', `No such checkout.session: '${match[1]}'`, 'resource_missing', 'session');
      return publicJson(session);
    }
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(route))) {
      const subscription = requireSubscription(decodeURIComponent(match[1]!));
      if (method === 'GET') return subscription;
      if (method === 'POST') return updateSubscription(subscription, form);
      if (method === 'DELETE') return cancelSubscription(subscription);
    }
    if (method === 'POST' && route === '/v1/billing_portal/sessions') {
      const customerId = formString(form.customer);
      if (!customerId) throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: customer.', 'parameter_missing', 'customer');
      requireCustomer(customerId);
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
        url: `${publicUrl}/portal/${id}`,
      };
      state.portals[id] = portal;
      save();
      return portal;
    }
    if (method === 'GET' && (match = /^\/v1\/prices\/([^/]+)$/.exec(route))) {
      const price = await findPrice(decodeURIComponent(match[1]!));
      if (!price) throw new StripeApiError(404, 'invalid_request_error', `No such price: '${match[1]}'`, 'resource_missing', 'price');
      return price;
    }
    if (method === 'GET' && (match = /^\/v1\/products\/([^/]+)$/.exec(route))) {
      const product = await findProduct(decodeURIComponent(match[1]!));
      if (!product) throw new StripeApiError(404, 'invalid_request_error', `No such product: '${match[1]}'`, 'resource_missing', 'id');
      return product;
    }
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${route}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
  }

  // ---- pages ----

  async function pages(method: string, url: URL, form: FormObject, res: ServerResponse): Promise<boolean> {
    const route = url.pathname;
    let match: RegExpExecArray | null;
    if ((match = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(route))) {
      const session = state.sessions[decodeURIComponent(match[1]!)];
      if (!session) {
        sendHtml(res, 404, messagePage('Checkout not found', 'This checkout link is unknown or has expired. Go back to RoomGuide and start again.'));
        return true;
      }
      const action = match[2];
      if (method === 'GET' && !action) {
        const price = await findPrice(session._line.price);
        const product = price ? await findProduct(price.product) : undefined;
        if (!price || !product) sendHtml(res, 404, messagePage('Plan not found', 'The plan of this checkout no longer exists.'));
        else sendHtml(res, 200, checkoutPage(session, price, product));
        return true;
      }
      if (method === 'POST' && action === 'pay') {
        if (session.status === 'open') await completeCheckout(session);
        redirect(res, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
        return true;
      }
      if (method === 'POST' && action === 'cancel') {
        if (session.cancel_url) redirect(res, session.cancel_url);
        else sendHtml(res, 200, messagePage('Checkout cancelled', 'You can close this page.'));
        return true;
      }
    }
    if ((match = /^\/portal\/([^/]+)(?:\/(update|cancel))?$/.exec(route))) {
      const portal = state.portals[decodeURIComponent(match[1]!)];
      if (!portal) {
        sendHtml(res, 404, messagePage('Session not found', 'This billing link is unknown or has expired. Open Manage subscription in RoomGuide again.'));
        return true;
      }
      const action = match[2];
      const portalUrl = `${publicUrl}/portal/${portal.id}`;
      if (method === 'POST' && action) {
        const subscription = state.subscriptions[formString(form.subscription) ?? ''];
        if (!subscription || subscription.customer !== portal.customer) {
          redirect(res, `${portalUrl}?error=${encodeURIComponent('This subscription does not belong to this customer.')}`);
          return true;
        }
        try {
          if (action === 'update') {
            const quantity = formString(form.quantity) ?? '';
            if (!/^\d+$/.test(quantity) || Number(quantity) < 1 || Number(quantity) > 500) {
              redirect(res, `${portalUrl}?error=${encodeURIComponent('Enter a whole number of rooms between 1 and 500.')}`);
              return true;
            }
            await updateSubscription(subscription, { items: [{ id: subscription.items.data[0]!.id, quantity }] });
            redirect(res, `${portalUrl}?notice=${encodeURIComponent(`Your subscription now covers ${quantity} rooms.`)}`);
          } else {
            cancelSubscription(subscription);
            redirect(res, `${portalUrl}?notice=${encodeURIComponent('Your subscription has been cancelled.')}`);
          }
        } catch (error) {
          redirect(res, `${portalUrl}?error=${encodeURIComponent(error instanceof Error ? error.message : String(error))}`);
        }
        return true;
      }
      if (method === 'GET' && !action) {
        const subscriptions = await Promise.all(
          Object.values(state.subscriptions)
            .filter((subscription) => subscription.customer === portal.customer)
            .sort((a, b) => Number(liveStatuses.has(b.status)) - Number(liveStatuses.has(a.status)) || b.created - a.created)
            .map(async (subscription) => ({ subscription, product: await findProduct(subscription.items.data[0]!.price.product) })),
        );
        sendHtml(res, 200, portalPage({
          portal,
          customerEmail: state.customers[portal.customer]?.email ?? null,
          subscriptions,
          notice: url.searchParams.get('notice') ?? undefined,
          error: url.searchParams.get('error') ?? undefined,
        }));
        return true;
      }
    }
    if (method === 'GET' && route === '/api/events') {
      sendJson(res, 200, [...deliveries].reverse().map(({ event, status, attempts, lastStatus }) => ({ id: event.id, type: event.type, created: event.created, status, attempts, lastStatus, object: event.data.object })));
      return true;
    }
    return false;
  }

  return {
    async handle(req, res) {
      try {
        const url = new URL(req.url ?? '/', 'http://stripe.local');
        // The gateway may or may not strip its `/stripe` mount point; accept both.
        if (url.pathname === '/stripe' || url.pathname.startsWith('/stripe/')) url.pathname = url.pathname.slice('/stripe'.length) || '/';
        const method = (req.method ?? 'GET').toUpperCase();
        const body = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
        const form = parseStripeForm(method === 'GET' || method === 'DELETE' ? `${url.search.slice(1)}&${body}` : body);
        if (url.pathname.startsWith('/v1/')) {
          try {
            sendJson(res, 200, await api(method, url.pathname, form, header(req, 'authorization')));
          } catch (error) {
            if (error instanceof StripeApiError) {
              sendJson(res, error.status, {
                error: {
                  type: error.type,
                  message: error.message,
                  ...(error.code ? { code: error.code, doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` } : {}),
                  ...(error.param ? { param: error.param } : {}),
                },
              });
            } else {
              throw error;
            }
          }
          return;
        }
        if (await pages(method, url, form, res)) return;
        sendHtml(res, 404, messagePage('Not found', `Nothing here: ${url.pathname}`));
      } catch (error) {
        log(`[stripe] ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : String(error)}`);
        if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred in the local Stripe stand-in.' } });
        else res.end();
      }
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await draining;
      await pool.end();
    },
    async idle() {
      while (draining) await draining;
    },
    deliveries: () => deliveries,
  };
}

function loadState(file: string | undefined): State {
  const empty: State = { customers: {}, sessions: {}, subscriptions: {}, portals: {} };
  if (!file || !fs.existsSync(file)) return empty;
  try {
    return { ...empty, ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<State>) };
  } catch {
    return empty;
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(7).toString('hex')}`,
    'stripe-version': stripeApiVersion,
    'cache-control': 'no-cache, no-store',
  });
  res.end(JSON.stringify(body));
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}
