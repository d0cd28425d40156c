/** The Stripe API calls our Edge Functions make (`/v1/...`), with Stripe's authentication and error wording. */
import {
  cancelSubscription,
  createCheckoutSession,
  createCustomer,
  createPortalSession,
  requireSubscription,
  updateSubscription,
  type StripeContext,
} from './billing.ts';
import { findPrice, findProduct } from './catalogue.ts';
import { StripeApiError } from './errors.ts';
import { formMetadata, formString, type FormObject } from './form.ts';
import { publicJson } from './objects.ts';

function requireSecretKey(authorization: string | undefined, secretKey: string): void {
  const key = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
  if (!key) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (key !== secretKey) {
    throw new StripeApiError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      'api_key_invalid',
    );
  }
}

/** Answers one API request with the JSON object Stripe would return, or throws a StripeApiError. */
export function stripeApi(ctx: StripeContext, secretKey: string, method: string, route: string, form: FormObject, authorization: string | undefined): unknown {
  requireSecretKey(authorization, secretKey);
  const id = (pattern: RegExp): string | null => {
    const match = pattern.exec(route);
    return match ? decodeURIComponent(match[1]!) : null;
  };
  let found: string | null;
  if (method === 'POST' && route === '/v1/customers') {
    return createCustomer(ctx, { email: formString(form.email), name: formString(form.name), metadata: formMetadata(form.metadata) });
  }
  if (method === 'GET' && (found = id(/^\/v1\/customers\/([^/]+)$/))) {
    const customer = ctx.store.state.customers[found];
    if (!customer) throw new StripeApiError(404, 'invalid_request_error', `No such customer: '${found}'`, 'resource_missing', 'id');
    return customer;
  }
  if (method === 'POST' && route === '/v1/checkout/sessions') return publicJson(createCheckoutSession(ctx, form));
  if (method === 'GET' && (found = id(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
    const session = ctx.store.state.sessions[found];
    if (!session) throw new StripeApiError(404, 'invalid_request_error', `No such checkout.session: '${found}'`, 'resource_missing', 'session');
    return publicJson(session);
  }
  if ((found = id(/^\/v1\/subscriptions\/([^/]+)$/))) {
    const subscription = requireSubscription(ctx, found);
    if (method === 'GET') return subscription;
    if (method === 'POST') return updateSubscription(ctx, subscription, form);
    if (method === 'DELETE') return cancelSubscription(ctx, subscription);
  }
  if (method === 'POST' && route === '/v1/billing_portal/sessions') return createPortalSession(ctx, form);
  if (method === 'GET' && (found = id(/^\/v1\/prices\/([^/]+)$/))) {
    const price = findPrice(ctx.catalogue, found);
    if (!price) throw new StripeApiError(404, 'invalid_request_error', `No such price: '${found}'`, 'resource_missing', 'price');
    return price;
  }
  if (method === 'GET' && (found = id(/^\/v1\/products\/([^/]+)$/))) {
    const product = findProduct(ctx.catalogue, found);
    if (!product) throw new StripeApiError(404, 'invalid_request_error', `No such product: '${found}'`, 'resource_missing', 'id');
    return product;
  }
  throw new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized request URL (${method}: ${route}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
  );
}
