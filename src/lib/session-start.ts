/**
 * When the app starts following the session. A page made at build time for visitors (landing, login, FAQ, …)
 * needs supabase-js only once there is a session: one stored by an earlier sign-in (then the navbar shows the
 * account), one made in another tab, or the visitor submitting a sign-in, sign-up or reset form (authClient()).
 * Until then the visitor is known to be signed out without loading it.
 */
import { store } from './jotai';
import { initializedAtom } from './session';
import { readStoredSession } from '../first-paint/stored-session';
import type { SupabaseClient } from './supabase';
import { AUTH_STORAGE_KEY } from '@/first-paint/contract';

/** Loads supabase-js and starts the session sync (at once where a session may exist). */
export function startSessionSyncNow(): Promise<void> {
  return import('./session-sync').then(({ startSessionSync }) => void startSessionSync());
}

let waitingForSession = false;

/** On a visitor's page: the sync starts when a session exists or appears; until then the visitor is signed out. */
export function startSessionSyncWhenNeeded(): void {
  if (readStoredSession() !== null) {
    void startSessionSyncNow();
    return;
  }
  store.set(initializedAtom, true);
  if (waitingForSession) return;
  waitingForSession = true;
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_STORAGE_KEY || event.newValue === null) return;
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
