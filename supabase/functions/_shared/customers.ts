/**
 * One Stripe customer per team account (its account holder's user id: _shared/team-billing.ts), remembered in `public.stripe_customers` (RLS on, no policies: only the
 * service role reads or writes it), so every checkout and the Billing Portal see the same customer.
 */
import type Stripe from 'stripe';
import type { AdminClient } from './supabase.ts';

export async function findCustomerId(admin: AdminClient, userId: string): Promise<string | null> {
  const { data, error } = await admin.from('stripe_customers').select('stripe_customer_id').eq('user_id', userId).maybeSingle();
  if (error) throw new Error(`Reading stripe_customers failed: ${error.message}`);
  return (data as { stripe_customer_id: string } | null)?.stripe_customer_id ?? null;
}

export async function rememberCustomer(admin: AdminClient, userId: string, customerId: string): Promise<void> {
  const { error } = await admin.from('stripe_customers').upsert({ user_id: userId, stripe_customer_id: customerId }, { onConflict: 'user_id' });
  if (error) throw new Error(`Saving stripe_customers failed: ${error.message}`);
}

/** The account's customer, reused when Stripe still has it; created (and remembered) otherwise. */
export async function ensureCustomer(stripe: Stripe, admin: AdminClient, user: { id: string; email?: string | null }): Promise<string> {
  const known = await findCustomerId(admin, user.id);
  if (known) {
    try {
      const customer = await stripe.customers.retrieve(known);
      if (!('deleted' in customer && customer.deleted)) return known;
    } catch (error) {
      // A customer removed on Stripe's side (or a wiped local stand-in) is replaced below; anything else is real.
      if (!(error instanceof Error && 'code' in error && (error as { code?: string }).code === 'resource_missing')) throw error;
    }
  }
  const customer = await stripe.customers.create({
    email: user.email ?? undefined,
    metadata: { user_id: user.id },
  });
  await rememberCustomer(admin, user.id, customer.id);
  return customer.id;
}
