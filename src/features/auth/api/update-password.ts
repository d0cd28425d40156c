import { supabase } from '@/lib/supabase';
import { trackAuthCall } from '@/lib/session';
import { mapStoreAuthError } from './map-auth-error';

/** Sets a new password for the signed-in (or recovering) user; the session stays signed in. */
export async function updatePassword(password: string): Promise<void> {
  await trackAuthCall(async () => {
    const { error } = await supabase.auth.updateUser({ password });
    if (error) throw error;
  }, mapStoreAuthError);
}
