/**
 * POST { teamId?, priceId, quantity } (JWT required) → { url } of a Stripe Checkout Session in subscription mode
 * for `quantity` rooms of the team (the caller's own without teamId), for the team's owners only. The price must be a
 * known, active row of `prices`; the quantity a whole number from 1 to 500. The team account's Stripe customer is
 * reused; the account holder's id travels as client_reference_id and as metadata on the session and the subscription,
 * so every webhook finds the account. Success and cancel URLs point back at the caller's origin, which must be one of
 * SITE_URL's.
 */
import { jsonResponse } from '../_shared/cors.ts';
import { ensureCustomer } from '../_shared/customers.ts';
import { HttpError, readJsonObject } from '../_shared/errors.ts';
import { signedInPost } from '../_shared/signed-in-post.ts';
import { billingAccountFor } from '../_shared/team-billing.ts';
import { createStripeClient, type Stripe } from '../_shared/stripe.ts';

export const maxRooms = 500;

export interface CheckoutInput {
  priceId: string;
  quantity: number;
}

export function parseCheckoutInput(body: Record<string, unknown>): CheckoutInput {
  const { priceId, quantity } = body;
  if (typeof priceId !== 'string' || priceId.trim() === '') {
    throw new HttpError(400, 'invalid_price', 'priceId is required: choose one of the plans.');
  }
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > maxRooms) {
    throw new HttpError(400, 'invalid_quantity', `The number of rooms must be a whole number from 1 to ${maxRooms}.`);
  }
  return { priceId: priceId.trim(), quantity };
}

/**
 * A price our table lists but the Stripe account lacks (the local seed's prices with real test keys, or a
 * price deleted in the dashboard before the webhook caught up) is the caller's bad input, not our outage.
 */
async function createSession(stripe: Stripe, params: Stripe.Checkout.SessionCreateParams): Promise<Stripe.Checkout.Session> {
  try {
    return await stripe.checkout.sessions.create(params);
  } catch (error) {
    const stripeError = error as { code?: string; param?: string } | null;
    if (stripeError?.code === 'resource_missing' && stripeError.param?.startsWith('line_items')) {
      throw new HttpError(400, 'invalid_price', 'This plan is not available in Stripe right now: choose one of the current plans.');
    }
    throw error;
  }
}

export const handler = signedInPost('create-checkout-session', async ({ request, admin, user, origin }) => {
  const body = await readJsonObject(request);
  const { priceId, quantity } = parseCheckoutInput(body);
  const account = await billingAccountFor(admin, user.id, body.teamId);

  const { data: price, error: priceError } = await admin.from('prices').select('id, active').eq('id', priceId).maybeSingle();
  if (priceError) throw new Error(`Reading prices failed: ${priceError.message}`);
  if (!price) throw new HttpError(400, 'invalid_price', `Unknown price ${priceId}: choose one of the plans.`);
  if (!(price as { active: boolean }).active)
    throw new HttpError(400, 'inactive_price', `The price ${priceId} is no longer offered: choose one of the current plans.`);

  // `ongoing` (derived from the status by the database): a second checkout would bill the host twice.
  const { data: current, error: currentError } = await admin.from('subscriptions').select('ongoing').eq('user_id', account.userId).maybeSingle();
  if (currentError) throw new Error(`Reading subscriptions failed: ${currentError.message}`);
  if ((current as { ongoing: boolean } | null)?.ongoing) {
    throw new HttpError(409, 'already_subscribed', 'You already have a subscription: use Manage subscription to change the number of rooms.');
  }

  const stripe = createStripeClient();
  const customer = await ensureCustomer(stripe, admin, { id: account.userId, email: account.email });
  const returnPath = `${origin}/dashboard/subscription`;
  const session = await createSession(stripe, {
    mode: 'subscription',
    customer,
    client_reference_id: account.userId,
    line_items: [{ price: priceId, quantity }],
    metadata: { user_id: account.userId },
    subscription_data: { metadata: { user_id: account.userId } },
    success_url: `${returnPath}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${returnPath}?checkout=cancelled`,
  });
  if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
  return jsonResponse(200, { url: session.url, sessionId: session.id });
});
