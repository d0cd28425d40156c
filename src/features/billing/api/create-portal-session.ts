import { supabase } from '@/lib/supabase';
import { BillingError } from '../types';
import { readFunctionError } from './read-function-error';

/** Opens the Stripe Billing Portal for the signed-in host; resolves to its URL. */
export async function createPortalSession(): Promise<string> {
  const { data, error } = await supabase.functions.invoke<{ url?: string }>('create-portal-session', { body: {} });
  if (error) throw await readFunctionError(error);
  if (!data?.url) throw new BillingError('missing_url', 'The portal function answered without a URL.', 200);
  return data.url;
}
