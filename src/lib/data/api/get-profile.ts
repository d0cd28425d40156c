import { supabase } from '@/lib/supabase';
import { throwIfError } from '../api-error';
import { profileColumns, type UserRow } from '../rows';

/** The signed-in user's `users` row (RLS: only their own), or null when it is missing. */
export async function getProfile(userId: string): Promise<UserRow | null> {
  const { data, error } = await supabase.from('users').select(profileColumns).eq('id', userId).maybeSingle();
  throwIfError(error);
  return data;
}
