/**
 * Stripe webhook endpoint (no JWT: Stripe signs the body instead). 400 only when the signature is missing
 * or wrong; every other failure is a 5xx so Stripe retries. Each event id is recorded in `stripe_events`
 * once its effect is done; an id already recorded is acknowledged without doing anything again, and the
 * effects themselves re-read Stripe's current state, so replays and reordering cannot double-apply.
 */
import type Stripe from 'stripe';
import { jsonResponse } from '../_shared/cors.ts';
import { errorResponse } from '../_shared/errors.ts';
import { requireEnv } from '../_shared/env.ts';
import { createStripeClient, webCryptoProvider } from '../_shared/stripe.ts';
import { createAdminClient, type AdminClient } from '../_shared/supabase.ts';
import { syncPrice, syncProduct, syncSubscription } from './sync.ts';

async function applyEvent(event: Stripe.Event, stripe: Stripe, admin: AdminClient): Promise<boolean> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription' || !session.subscription) return false;
      const subscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      await syncSubscription(stripe, admin, subscriptionId, session.client_reference_id ?? session.metadata?.user_id ?? null);
      return true;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await syncSubscription(stripe, admin, event.data.object.id, null);
      return true;
    case 'product.created':
    case 'product.updated':
      await syncProduct(admin, event.data.object, { stateAt: event.created });
      return true;
    case 'product.deleted':
      await syncProduct(admin, event.data.object as unknown as Stripe.Product, { stateAt: event.created, deleted: true });
      return true;
    case 'price.created':
    case 'price.updated':
      await syncPrice(stripe, admin, event.data.object, { stateAt: event.created });
      return true;
    case 'price.deleted':
      await syncPrice(stripe, admin, event.data.object as unknown as Stripe.Price, { stateAt: event.created, deleted: true });
      return true;
    default:
      return false;
  }
}

export async function handler(request: Request): Promise<Response> {
  if (request.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST.');
  const signature = request.headers.get('Stripe-Signature');
  if (!signature) return errorResponse(400, 'missing_signature', 'The Stripe-Signature header is missing.');
  const payload = await request.text();

  let stripe: Stripe;
  let event: Stripe.Event;
  try {
    stripe = createStripeClient();
    event = await stripe.webhooks.constructEventAsync(payload, signature, requireEnv('STRIPE_WEBHOOK_SECRET'), undefined, webCryptoProvider);
  } catch (error) {
    // The SDK's StripeSignatureVerificationError carries its class name in `type` (its `name` is plain 'Error').
    if ((error as { type?: unknown } | null)?.type === 'StripeSignatureVerificationError') {
      return errorResponse(400, 'invalid_signature', `Webhook signature verification failed: ${(error as Error).message}`);
    }
    console.error('[stripe-webhook] configuration error', error);
    return errorResponse(500, 'internal_error', 'The webhook endpoint is not configured.');
  }

  try {
    const admin = createAdminClient();
    const { data: seen, error: seenError } = await admin.from('stripe_events').select('id').eq('id', event.id).maybeSingle();
    if (seenError) throw new Error(`Reading stripe_events failed: ${seenError.message}`);
    if (seen) return jsonResponse(200, { received: true, duplicate: true });

    const handled = await applyEvent(event, stripe, admin);

    // First write wins: a concurrent delivery of the same event may have recorded it meanwhile, which is
    // fine because the effect above is idempotent.
    const { error: recordError } = await admin.from('stripe_events').upsert({ id: event.id, type: event.type }, { onConflict: 'id', ignoreDuplicates: true });
    if (recordError) throw new Error(`Recording event ${event.id} failed: ${recordError.message}`);
    return jsonResponse(200, { received: true, handled });
  } catch (error) {
    console.error(`[stripe-webhook] ${event.type} ${event.id} failed`, error);
    return errorResponse(500, 'handler_failed', `Processing ${event.type} failed; Stripe will retry.`);
  }
}
