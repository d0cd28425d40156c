import { supabase } from '@/lib/supabase';
import { ApiError, readFunctionError } from '@/lib/data/api-error';

/** Starts Stripe Checkout for the team's `quantity` rooms on `priceId` (its owners only); resolves to the URL to send the browser to. */
export async function createCheckoutSession(teamId: string, priceId: string, quantity: number): Promise<string> {
  const functions = await supabase.functions();
  const { data, error } = await functions.invoke<{ url?: string }>('create-checkout-session', { body: { teamId, priceId, quantity } });
  if (error) throw await readFunctionError(error);
  if (!data?.url) throw new ApiError({ code: 'missing_url', message: 'The checkout function answered without a session URL.' });
  return data.url;
}
