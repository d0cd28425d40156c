import { supabase } from '@/lib/supabase';
import { throwIfError } from '../api-error';
import type { SubscriptionRow } from '../rows';

/** The signed-in user's subscription row (RLS: only their own), or null without one. */
export async function getSubscription(userId: string): Promise<SubscriptionRow | null> {
  const { data, error } = await supabase.from('subscriptions').select('*').eq('user_id', userId).maybeSingle();
  throwIfError(error);
  return data;
}
