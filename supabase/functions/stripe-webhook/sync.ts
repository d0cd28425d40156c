/**
 * What each Stripe event does to our tables. Every effect writes Stripe's *current* state (the
 * subscription is retrieved again rather than trusted from the event; a product or price is written with its
 * event's creation time, and the database skips a write older than what it holds), so applying an event twice,
 * or events in any order, converges on the same rows. The plan rules are the database's: it derives the plan
 * type from the price, entitlement from the status, sets the room limit, and ignores a late event about an
 * older subscription (migration plan_rules_in_database); this module only writes what Stripe says.
 */
import type Stripe from 'stripe';
import { findCustomerId, rememberCustomer } from '../_shared/customers.ts';
import type { AdminClient } from '../_shared/supabase.ts';

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

async function userIdForCustomer(admin: AdminClient, customerId: string): Promise<string | null> {
  const { data, error } = await admin.from('stripe_customers').select('user_id').eq('stripe_customer_id', customerId).maybeSingle();
  if (error) throw new Error(`Reading stripe_customers failed: ${error.message}`);
  return (data as { user_id: string } | null)?.user_id ?? null;
}

/**
 * Makes `subscriptions` match subscription `subscriptionId` as Stripe has it now; the database's triggers
 * follow with the plan type and the user's room limit. `userIdHint` comes from the event (checkout's
 * client_reference_id) for subscriptions made elsewhere.
 */
export async function syncSubscription(stripe: Stripe, admin: AdminClient, subscriptionId: string, userIdHint: string | null): Promise<void> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const customerId = idOf(subscription.customer)!;
  const userId = subscription.metadata?.user_id || userIdHint || (await userIdForCustomer(admin, customerId));
  if (!userId) {
    // Not one of ours (made in the dashboard for someone without an account): nothing to update.
    console.warn(`[stripe-webhook] subscription ${subscription.id} of ${customerId} has no RoomGuide user; ignored`);
    return;
  }

  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no items`);
  // The plan type comes from the price row: make sure it exists (price.* events may not have arrived yet). Only
  // added when missing: its later changes are the price.* events' to write, in their order.
  await syncPrice(stripe, admin, item.price, { onlyIfMissing: true });
  // Since API version 2025-03-31 the period is per item; older payloads carried it on the subscription.
  const periodEnd = item.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end ?? null;

  if (!(await findCustomerId(admin, userId))) await rememberCustomer(admin, userId, customerId);

  const { error: upsertError } = await admin.from('subscriptions').upsert(
    {
      user_id: userId,
      status: subscription.status,
      quantity: item.quantity ?? 1,
      price_id: item.price.id,
      stripe_customer_id: customerId,
      stripe_subscription_id: subscription.id,
      current_period_end: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
      cancel_at_period_end: subscription.cancel_at_period_end,
      updated_at: new Date().toISOString(),
    },
    { onConflict: 'user_id' },
  );
  if (upsertError) throw new Error(`Saving the subscription failed: ${upsertError.message}`);
}

/**
 * How a catalogue object reached us: `stateAt`, the creation time (Unix seconds) of the event that carried it (the
 * database skips a write older than the row's); `deleted` for *.deleted events; `onlyIfMissing` to add the row
 * without touching one that exists.
 */
export interface CatalogueWrite {
  stateAt?: number;
  deleted?: boolean;
  onlyIfMissing?: boolean;
}

function stateTime(write: CatalogueWrite): { stripe_state_at?: string } {
  return write.stateAt === undefined ? {} : { stripe_state_at: new Date(write.stateAt * 1000).toISOString() };
}

export async function syncProduct(admin: AdminClient, product: Stripe.Product, write: CatalogueWrite = {}): Promise<void> {
  const { error } = await admin.from('products').upsert(
    {
      id: product.id,
      active: write.deleted ? false : product.active,
      name: product.name,
      description: product.description ?? null,
      ...stateTime(write),
    },
    { onConflict: 'id', ignoreDuplicates: write.onlyIfMissing === true },
  );
  if (error) throw new Error(`Saving product ${product.id} failed: ${error.message}`);
}

export async function syncPrice(stripe: Stripe, admin: AdminClient, price: Stripe.Price, write: CatalogueWrite = {}): Promise<void> {
  if (!price.recurring || price.unit_amount === null) return; // only per-room recurring prices are plans
  const productId = idOf(price.product as string | { id: string })!;
  const { data: product, error: productError } = await admin.from('products').select('id').eq('id', productId).maybeSingle();
  if (productError) throw new Error(`Reading products failed: ${productError.message}`);
  // price.created can arrive before product.created: fetch the product first so the foreign key holds.
  if (!product) await syncProduct(admin, (await stripe.products.retrieve(productId)) as Stripe.Product, { onlyIfMissing: true });
  const { error } = await admin.from('prices').upsert(
    {
      id: price.id,
      product_id: productId,
      active: write.deleted ? false : price.active,
      unit_amount: price.unit_amount,
      currency: price.currency,
      interval: price.recurring.interval,
      interval_count: price.recurring.interval_count,
      ...stateTime(write),
    },
    { onConflict: 'id', ignoreDuplicates: write.onlyIfMissing === true },
  );
  if (error) throw new Error(`Saving price ${price.id} failed: ${error.message}`);
}
