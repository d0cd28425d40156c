/**
 * The pages Stripe hosts for our customers, as routes: Checkout (pay or cancel), the Billing Portal (change
 * the number of rooms or cancel), and a JSON list of the events sent (`/api/events`, for a developer).
 */
import type { ServerResponse } from 'node:http';
import { redirect, sendHtml } from '../http.ts';
import { cancelSubscription, completeCheckout, updateSubscription, type StripeContext } from './billing.ts';
import { findPrice, findProduct } from './catalogue.ts';
import { sendStripeJson } from './errors.ts';
import { formString, type FormObject } from './form.ts';
import { checkoutPage, messagePage, portalPage } from './pages.ts';

const liveStatuses = new Set(['active', 'trialing', 'past_due']);

const noStore = { 'Cache-Control': 'no-store' };

function checkout(ctx: StripeContext, method: string, sessionId: string, action: string | undefined, res: ServerResponse): boolean {
  const session = ctx.store.state.sessions[sessionId];
  if (!session) {
    sendHtml(res, 404, messagePage('Checkout not found', 'This checkout link is unknown or has expired. Go back to RoomGuide and start again.'), noStore);
    return true;
  }
  if (method === 'GET' && !action) {
    const price = findPrice(ctx.catalogue, session._line.price);
    const product = price ? findProduct(ctx.catalogue, price.product) : undefined;
    if (!price || !product) sendHtml(res, 404, messagePage('Plan not found', 'The plan of this checkout no longer exists.'), noStore);
    else sendHtml(res, 200, checkoutPage(session, price, product), noStore);
    return true;
  }
  if (method === 'POST' && action === 'pay') {
    if (session.status === 'open') completeCheckout(ctx, session);
    redirect(res, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
    return true;
  }
  if (method === 'POST' && action === 'cancel') {
    if (session.cancel_url) redirect(res, session.cancel_url);
    else sendHtml(res, 200, messagePage('Checkout cancelled', 'You can close this page.'), noStore);
    return true;
  }
  return false;
}

function portal(ctx: StripeContext, method: string, url: URL, portalId: string, action: string | undefined, form: FormObject, res: ServerResponse): boolean {
  const session = ctx.store.state.portals[portalId];
  if (!session) {
    sendHtml(res, 404, messagePage('Session not found', 'This billing link is unknown or has expired. Open Manage subscription in RoomGuide again.'), noStore);
    return true;
  }
  const portalUrl = `${ctx.publicUrl}/portal/${session.id}`;
  const back = (kind: 'notice' | 'error', text: string) => redirect(res, `${portalUrl}?${kind}=${encodeURIComponent(text)}`);
  if (method === 'POST' && action) {
    const subscription = ctx.store.state.subscriptions[formString(form.subscription) ?? ''];
    if (!subscription || subscription.customer !== session.customer) {
      back('error', 'This subscription does not belong to this customer.');
      return true;
    }
    try {
      if (action === 'update') {
        const quantity = formString(form.quantity) ?? '';
        if (!/^\d+$/.test(quantity) || Number(quantity) < 1 || Number(quantity) > 500) {
          back('error', 'Enter a whole number of rooms between 1 and 500.');
          return true;
        }
        updateSubscription(ctx, subscription, { items: [{ id: subscription.items.data[0]!.id, quantity }] });
        back('notice', `Your subscription now covers ${quantity} rooms.`);
      } else {
        cancelSubscription(ctx, subscription);
        back('notice', 'Your subscription has been cancelled.');
      }
    } catch (error) {
      back('error', error instanceof Error ? error.message : String(error));
    }
    return true;
  }
  if (method === 'GET' && !action) {
    const subscriptions = Object.values(ctx.store.state.subscriptions)
      .filter((subscription) => subscription.customer === session.customer)
      .sort((a, b) => Number(liveStatuses.has(b.status)) - Number(liveStatuses.has(a.status)) || b.created - a.created)
      .map((subscription) => ({ subscription, product: findProduct(ctx.catalogue, subscription.items.data[0]!.price.product) }));
    sendHtml(
      res,
      200,
      portalPage({
        portal: session,
        customerEmail: ctx.store.state.customers[session.customer]?.email ?? null,
        subscriptions,
        notice: url.searchParams.get('notice') ?? undefined,
        error: url.searchParams.get('error') ?? undefined,
      }),
      noStore,
    );
    return true;
  }
  return false;
}

/** True when `url` was one of the hosted pages and has been answered. */
export function hostedPages(ctx: StripeContext, method: string, url: URL, form: FormObject, res: ServerResponse): boolean {
  const route = url.pathname;
  let match: RegExpExecArray | null;
  if ((match = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(route))) {
    return checkout(ctx, method, decodeURIComponent(match[1]!), match[2], res);
  }
  if ((match = /^\/portal\/([^/]+)(?:\/(update|cancel))?$/.exec(route))) {
    return portal(ctx, method, url, decodeURIComponent(match[1]!), match[2], form, res);
  }
  if (method === 'GET' && route === '/api/events') {
    const events = [...ctx.webhooks.deliveries()].reverse().map(({ event, status, attempts, lastStatus }) => ({
      id: event.id,
      type: event.type,
      created: event.created,
      status,
      attempts,
      lastStatus,
      object: event.data.object,
    }));
    sendStripeJson(res, 200, events);
    return true;
  }
  return false;
}
