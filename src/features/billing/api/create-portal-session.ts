import { supabase } from '@/lib/supabase';
import { ApiError, readFunctionError } from '@/lib/data/api-error';

/** Opens the Stripe Billing Portal for the team's subscription (its owners only); resolves to its URL. */
export async function createPortalSession(teamId: string): Promise<string> {
  const functions = await supabase.functions();
  const { data, error } = await functions.invoke<{ url?: string }>('create-portal-session', { body: { teamId } });
  if (error) throw await readFunctionError(error);
  if (!data?.url) throw new ApiError({ code: 'missing_url', message: 'The portal function answered without a URL.' });
  return data.url;
}
