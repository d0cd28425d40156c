/**
 * The two pages Stripe hosts for us in production: Checkout and the Billing Portal. Plain server-rendered
 * HTML with forms (no script needed), readable on a phone, clearly marked as the local test stand-in.
 */
import type { StripeCheckoutSession, StripePortalSession, StripePrice, StripeProduct, StripeSubscription } from './objects.ts';
import { escapeHtml } from '../http.ts';

export function formatAmount(minorUnits: number, currency: string): string {
  return `${(minorUnits / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** What the plan is called by its billing period (our plans: monthly, semiannual, annual). */
export function planLabel(price: StripePrice): string {
  const { interval, interval_count: count } = price.recurring;
  if (interval === 'month' && count === 1) return 'Monthly';
  if (interval === 'month' && count === 6) return 'Semiannual';
  if (interval === 'year' && count === 1) return 'Annual';
  return `Every ${intervalLabel(price)}`;
}

export function intervalLabel(price: StripePrice): string {
  const { interval, interval_count: count } = price.recurring;
  return count === 1 ? interval : `${count} ${interval}s`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<!-- No icon: without this line the browser asks for /favicon.ico, which the gateway answers 404. -->
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f6f8fa; color: #1a1f36; }
  main { max-width: 440px; margin: 0 auto; padding: 24px 16px 48px; }
  .badge { display: inline-block; background: #ffe8b3; color: #6b4500; border-radius: 4px; padding: 2px 8px; font-size: 13px; font-weight: 600; }
  h1 { font-size: 22px; margin: 16px 0 4px; }
  .card { background: #fff; border-radius: 10px; box-shadow: 0 1px 3px rgba(0,0,0,.12); padding: 20px; margin-top: 16px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 10px 12px; margin: 0; font-size: 16px; }
  dt { white-space: nowrap; } .capitalize { text-transform: capitalize; }
  dt { color: #59627a; } dd { margin: 0; text-align: right; font-weight: 600; }
  .total { border-top: 1px solid #e3e8ee; padding-top: 12px; font-size: 18px; margin: 0; }
  dl .total + dd.total, dl dt.total { border-top: 1px solid #e3e8ee; }
  dl { column-gap: 0; } dt, dd { padding-inline: 0; } dd { padding-left: 12px; }
  button, .button { display: block; width: 100%; box-sizing: border-box; font-size: 17px; font-weight: 600; padding: 14px; border-radius: 8px; border: 0; cursor: pointer; text-align: center; text-decoration: none; margin-top: 12px; }
  .primary { background: #635bff; color: #fff; }
  .secondary { background: #fff; color: #1a1f36; border: 1px solid #cfd7df; }
  .danger { background: #fff; color: #c0123c; border: 1px solid #f1b5c4; }
  label { display: block; font-weight: 600; margin-bottom: 6px; }
  input[type=number] { width: 100%; box-sizing: border-box; font-size: 18px; padding: 12px; border: 1px solid #cfd7df; border-radius: 8px; }
  .notice { background: #e6f6ec; color: #0b5b2a; border-radius: 8px; padding: 12px; margin-top: 16px; }
  .error { background: #fde8ec; color: #8a0a2a; border-radius: 8px; padding: 12px; margin-top: 16px; }
  .muted { color: #59627a; font-size: 14px; }
</style>
</head>
<body><main>
<span class="badge">Test mode · local Stripe stand-in</span>
${body}
</main></body>
</html>`;
}

export function checkoutPage(session: StripeCheckoutSession, price: StripePrice, product: StripeProduct): string {
  const quantity = session._line.quantity;
  const details = `
<div class="card">
  <div class="muted">Subscribe to</div>
  <h1 data-testid="checkout-plan">${escapeHtml(product.name)}</h1>
  ${product.description ? `<p class="muted">${escapeHtml(product.description)}</p>` : ''}
  <dl>
    <dt>Plan</dt><dd data-testid="checkout-interval">${escapeHtml(planLabel(price))}</dd>
    <dt>Price per room</dt><dd>${escapeHtml(formatAmount(price.unit_amount, price.currency))} / ${escapeHtml(intervalLabel(price))}</dd>
    <dt>Rooms</dt><dd data-testid="checkout-quantity">${quantity}</dd>
    <dt class="total">Total due today</dt><dd class="total" data-testid="checkout-total">${escapeHtml(formatAmount(price.unit_amount * quantity, price.currency))}</dd>
  </dl>
  <p class="muted">Then ${escapeHtml(formatAmount(price.unit_amount * quantity, price.currency))} every ${escapeHtml(intervalLabel(price))}. No card is charged: this is the local stand-in.</p>`;
  if (session.status !== 'open') {
    return layout(
      `${product.name} – Checkout`,
      `${details}
  <p class="notice">This checkout session is ${escapeHtml(session.status)}.</p>
</div>`,
    );
  }
  return layout(
    `${product.name} – Checkout`,
    `${details}
  <form method="post" action="${escapeHtml(session.id)}/pay"><button class="primary" type="submit">Pay ${escapeHtml(formatAmount(price.unit_amount * quantity, price.currency))}</button></form>
  <form method="post" action="${escapeHtml(session.id)}/cancel"><button class="secondary" type="submit">Cancel</button></form>
</div>`,
  );
}

export function portalPage(opts: {
  portal: StripePortalSession;
  customerEmail: string | null;
  subscriptions: { subscription: StripeSubscription; product: StripeProduct | undefined }[];
  notice?: string;
  error?: string;
}): string {
  const { portal, subscriptions } = opts;
  const live = subscriptions.filter(({ subscription }) => subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired');
  const sections = live.map(({ subscription, product }) => {
    const item = subscription.items.data[0]!;
    const renews = new Date(item.current_period_end * 1000).toISOString().slice(0, 10);
    return `
<div class="card" data-testid="portal-subscription">
  <div class="muted">Current plan</div>
  <h1>${escapeHtml(product?.name ?? item.price.id)}</h1>
  <dl>
    <dt>Plan</dt><dd>${escapeHtml(planLabel(item.price))}</dd>
    <dt>Rooms</dt><dd data-testid="portal-quantity">${item.quantity}</dd>
    <dt>Price</dt><dd>${escapeHtml(formatAmount(item.price.unit_amount * item.quantity, item.price.currency))} / ${escapeHtml(intervalLabel(item.price))}</dd>
    <dt>Status</dt><dd class="capitalize">${escapeHtml(subscription.status.replace(/_/g, ' '))}</dd>
    <dt>${subscription.cancel_at_period_end ? 'Ends on' : 'Renews on'}</dt><dd>${renews}</dd>
  </dl>
  <form method="post" action="${escapeHtml(portal.id)}/update">
    <input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
    <p><label for="quantity-${escapeHtml(subscription.id)}">Number of rooms</label>
    <input id="quantity-${escapeHtml(subscription.id)}" name="quantity" type="number" inputmode="numeric" min="1" max="500" step="1" value="${item.quantity}" required></p>
    <button class="primary" type="submit">Update rooms</button>
  </form>
  <form method="post" action="${escapeHtml(portal.id)}/cancel">
    <input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">
    <button class="danger" type="submit">Cancel subscription</button>
  </form>
</div>`;
  });
  const empty = live.length === 0 ? '<div class="card"><p>You have no active subscription.</p></div>' : '';
  const back = portal.return_url ? `<a class="button secondary" href="${escapeHtml(portal.return_url)}">Return to RoomGuide</a>` : '';
  return layout(
    'Billing – Manage subscription',
    `
<h1>Manage subscription</h1>
${opts.customerEmail ? `<p class="muted">${escapeHtml(opts.customerEmail)}</p>` : ''}
${opts.notice ? `<p class="notice" role="status">${escapeHtml(opts.notice)}</p>` : ''}
${opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''}
${sections.join('\n')}${empty}
${back}`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></div>`);
}
