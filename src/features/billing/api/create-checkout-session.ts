import { supabase } from '@/lib/supabase';
import { BillingError } from '../types';
import { readFunctionError } from './read-function-error';

/** Starts Stripe Checkout for `quantity` rooms on `priceId`; resolves to the URL to send the browser to. */
export async function createCheckoutSession(priceId: string, quantity: number): Promise<string> {
  const { data, error } = await supabase.functions.invoke<{ url?: string }>('create-checkout-session', { body: { priceId, quantity } });
  if (error) throw await readFunctionError(error);
  if (!data?.url) throw new BillingError('missing_url', 'The checkout function answered without a session URL.', 200);
  return data.url;
}
