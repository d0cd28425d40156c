import { supabase } from '@/lib/supabase';
import { trackAuthCall } from '@/lib/session';
import { mapStoreAuthError } from './map-auth-error';

/** Signs out. supabase-js clears the local session even when the server call fails. */
export async function signOut(): Promise<void> {
  await trackAuthCall(async () => {
    const { error } = await supabase.auth.signOut();
    if (error) throw error;
  }, mapStoreAuthError);
}
