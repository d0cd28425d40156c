/**
 * Feeds the session atoms (session.ts) from supabase-js. The only module besides the API functions that loads
 * supabase-js, so that a public page that needs no session loads none of it (session-start.ts decides when).
 */
import { handleAuthEvent } from './session';
import { supabase, type SupabaseClient } from './supabase';

let stopListening: (() => void) | null = null;

/** Subscribes the atoms to supabase-js once; safe to call more than once. */
export function startSessionSync(): () => void {
  if (!stopListening) {
    const { data } = supabase.auth.onAuthStateChange(handleAuthEvent);
    stopListening = () => {
      data.subscription.unsubscribe();
      stopListening = null;
    };
  }
  return stopListening;
}

/** The client, with the atoms following its session (what a sign-in, sign-up or reset request needs first). */
export function syncedClient(): SupabaseClient {
  startSessionSync();
  return supabase;
}
