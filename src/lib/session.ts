/**
 * Session state: not initialised → initialised with a user or none. The atoms are fed by
 * `supabase.auth.onAuthStateChange` (session-sync.ts, which alone loads supabase-js); auth calls go through `trackAuthCall`, which sets the loading flag
 * while they run and stores their error as a message. The user's profile (`users` row) and subscription
 * are server state: TanStack Query reads them keyed by the user (`src/lib/data/queries.ts`); a change of
 * user empties that cache so nobody sees the previous account's rows.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';
import { atom, store, useAtomValue } from './jotai';
import { queryClient } from './data/query-client';
import { forgetKeptDashboardUnlessFor } from '../first-paint/dashboard/kept-data';

/** An auth error as shown to people: an i18n key (with values) or the provider's own message. */
export type AuthErrorMessage = { key: string; values?: Record<string, string> } | { text: string };

export const sessionAtom = atom<Session | null>(null);
export const initializedAtom = atom(false);
export const authLoadingAtom = atom(false);
export const authErrorAtom = atom<AuthErrorMessage | null>(null);
/** Set when supabase-js reports PASSWORD_RECOVERY (the user followed a reset link). */
export const passwordRecoveryAtom = atom(false);

export function handleAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  const previousUserId = store.get(sessionAtom)?.user.id ?? null;
  const userId = session?.user.id ?? null;
  store.set(sessionAtom, session);
  if (event === 'PASSWORD_RECOVERY') store.set(passwordRecoveryAtom, true);
  if (event === 'SIGNED_OUT') store.set(passwordRecoveryAtom, false);
  // Another account (or none): its cached rows must not show. Token refreshes keep the cache.
  if (userId !== previousUserId) queryClient.clear();
  // The dashboard kept on the device (src/first-paint/dashboard/) is only ever the signed-in user's.
  forgetKeptDashboardUnlessFor(userId);
  if (event === 'INITIAL_SESSION') store.set(initializedAtom, true);
}

/**
 * Runs one auth call with the loading flag on. Success clears the stored error; a failure stores
 * `toMessage(error)` and rethrows the original error so a screen can word it its own way.
 */
export async function trackAuthCall<T>(call: () => Promise<T>, toMessage: (error: unknown) => AuthErrorMessage): Promise<T> {
  store.set(authLoadingAtom, true);
  try {
    const result = await call();
    store.set(authErrorAtom, null);
    return result;
  } catch (error) {
    store.set(authErrorAtom, toMessage(error));
    throw error;
  } finally {
    store.set(authLoadingAtom, false);
  }
}

export function clearAuthError(): void {
  store.set(authErrorAtom, null);
}

export function useTranslateAuthError(): (message: AuthErrorMessage | null) => string | null {
  const { t } = useTranslation('auth');
  return useCallback(
    (message: AuthErrorMessage | null) => (message === null ? null : 'text' in message ? message.text : t(message.key, message.values ?? {})),
    [t],
  );
}

export interface AuthState {
  user: User | null;
  session: Session | null;
  initialized: boolean;
  loading: boolean;
  /** The last auth call's error, in the current language; null after a success. */
  error: string | null;
}

export function useAuth(): AuthState {
  const session = useAtomValue(sessionAtom);
  const initialized = useAtomValue(initializedAtom);
  const loading = useAtomValue(authLoadingAtom);
  const errorMessage = useAtomValue(authErrorAtom);
  const translate = useTranslateAuthError();
  return { user: session?.user ?? null, session, initialized, loading, error: translate(errorMessage) };
}

export function usePasswordRecovery(): boolean {
  return useAtomValue(passwordRecoveryAtom);
}

/** Back to "not initialised, signed out" (tests, and nothing else, need this). */
export function resetSessionState(): void {
  store.set(sessionAtom, null);
  store.set(initializedAtom, false);
  store.set(authLoadingAtom, false);
  store.set(authErrorAtom, null);
  store.set(passwordRecoveryAtom, false);
  queryClient.clear();
}
