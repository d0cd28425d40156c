/**
 * Reads of the signed-in user's own `users` and `subscriptions` rows (RLS lets an owner read only
 * their own). Both answer null when the row is missing, as the spec's session state expects.
 */
import { supabase } from './supabase';
import type { SubscriptionRow, UserRow } from './database-rows';

export async function fetchProfile(userId: string): Promise<UserRow | null> {
  const { data, error } = await supabase
    .from('users')
    .select('id, email, created_at, plan, qr_codes_created, qr_code_limit')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw error;
  return data ?? null;
}

export async function fetchSubscription(userId: string): Promise<SubscriptionRow | null> {
  const { data, error } = await supabase.from('subscriptions').select('*').eq('user_id', userId).maybeSingle();
  if (error) throw error;
  return data ?? null;
}
