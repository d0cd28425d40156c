/**
 * When the app starts following the session. A page made at build time for visitors (landing, login, FAQ, …)
 * needs supabase-js only once there is a session: one stored by an earlier sign-in (then the navbar shows the
 * account), one made in another tab, or the visitor submitting a sign-in, sign-up or reset form (authClient()).
 * Until then the visitor is known to be signed out without loading it.
 */
import { store } from './jotai';
import { initializedAtom, sessionAtom } from './session';
import { trustedStoredSession } from './stored-session';
import type { SupabaseClient } from './supabase';
import { deferSupabase, supabaseMayLoad } from './supabase-client';

/** supabase-js's storage key for the session (src/lib/supabase.ts). */
export const sessionStorageKey = 'roomguide-auth';

function hasStoredSession(): boolean {
  try {
    return window.localStorage.getItem(sessionStorageKey) !== null;
  } catch {
    return true; // storage unreadable: let supabase-js decide
  }
}

/** Loads supabase-js and starts the session sync (at once where a session may exist). */
export function startSessionSyncNow(): Promise<void> {
  return import('./session-sync').then(({ startSessionSync }) => void startSessionSync());
}

/**
 * On the property list (/dashboard): with a stored session whose token is still valid past the margin
 * (stored-session.ts), the screens render at once as that user, and supabase-js loads only once the list has
 * painted (supabase-client.ts); its INITIAL_SESSION then confirms the session or corrects it (none: the protected
 * route sends the visitor to /login, as when supabase-js had said so first). Reads go out with the stored token
 * either way, so RLS shows nothing that session could not read. Without such a session supabase-js decides at once.
 */
export function startSessionSyncFromStoredSession(): void {
  const stored = trustedStoredSession();
  if (!stored) {
    void startSessionSyncNow();
    return;
  }
  store.set(sessionAtom, stored);
  store.set(initializedAtom, true);
  deferSupabase();
  void supabaseMayLoad().then(startSessionSyncNow);
}

let waitingForSession = false;

/** On a visitor's page: the sync starts when a session exists or appears; until then the visitor is signed out. */
export function startSessionSyncWhenNeeded(): void {
  if (hasStoredSession()) {
    void startSessionSyncNow();
    return;
  }
  store.set(initializedAtom, true);
  if (waitingForSession) return;
  waitingForSession = true;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== sessionStorageKey || event.newValue === null) return;
    window.removeEventListener('storage', onStorage);
    waitingForSession = false;
    void startSessionSyncNow();
  };
  window.addEventListener('storage', onStorage);
}

/** The Supabase client for an auth call made from a visitor's page, with the session sync running. */
export async function authClient(): Promise<SupabaseClient> {
  const { syncedClient } = await import('./session-sync');
  return syncedClient();
}
