import { supabase } from '@/lib/supabase';
import { ApiError, readFunctionError } from '@/lib/data/api-error';

/** Opens the Stripe Billing Portal for the signed-in host; resolves to its URL. */
export async function createPortalSession(): Promise<string> {
  const { data, error } = await supabase.functions.invoke<{ url?: string }>('create-portal-session', { body: {} });
  if (error) throw await readFunctionError(error);
  if (!data?.url) throw new ApiError({ code: 'missing_url', message: 'The portal function answered without a URL.' });
  return data.url;
}
