/**
 * Session state (spec §4): not initialised → initialised with a user (profile = the `users` row or
 * null) or none. The atoms are fed by `supabase.auth.onAuthStateChange`; auth calls go through
 * `trackAuthCall`, which sets the loading flag while they run and stores their error as a message.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { atom, store, useAtomValue } from './jotai';
import { supabase } from './supabase';
import { fetchProfile, fetchSubscription } from './account-api';
import type { SubscriptionRow, UserRow } from './database-rows';

export type { PlanType, SubscriptionRow, UserRow } from './database-rows';

/** An auth error as shown to people: an i18n key (with values) or the provider's own message. */
export type AuthErrorMessage = { key: string; values?: Record<string, string> } | { text: string };

export const sessionAtom = atom<Session | null>(null);
export const initializedAtom = atom(false);
export const authLoadingAtom = atom(false);
export const authErrorAtom = atom<AuthErrorMessage | null>(null);
export const profileAtom = atom<UserRow | null>(null);
export const subscriptionAtom = atom<SubscriptionRow | null>(null);
/** True once the subscription row has been read for the current user (avoids a Subscribe flicker). */
export const subscriptionLoadedAtom = atom(false);
/** Set when supabase-js reports PASSWORD_RECOVERY (the user followed a reset link). */
export const passwordRecoveryAtom = atom(false);

async function loadProfile(userId: string): Promise<void> {
  try {
    const profile = await fetchProfile(userId);
    if (store.get(sessionAtom)?.user.id === userId) store.set(profileAtom, profile);
  } catch (error) {
    console.error('Failed to load the profile', error);
    if (store.get(sessionAtom)?.user.id === userId) store.set(profileAtom, null);
  }
}

async function loadSubscription(userId: string): Promise<void> {
  try {
    const subscription = await fetchSubscription(userId);
    if (store.get(sessionAtom)?.user.id !== userId) return;
    store.set(subscriptionAtom, subscription);
  } catch (error) {
    console.error('Failed to load the subscription', error); // spec §8: plan load failure is only logged
    if (store.get(sessionAtom)?.user.id !== userId) return;
    store.set(subscriptionAtom, null);
  }
  store.set(subscriptionLoadedAtom, true);
}

function clearAccount(): void {
  store.set(profileAtom, null);
  store.set(subscriptionAtom, null);
  store.set(subscriptionLoadedAtom, false);
}

export function handleAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  const previousUserId = store.get(sessionAtom)?.user.id ?? null;
  const userId = session?.user.id ?? null;
  store.set(sessionAtom, session);
  if (event === 'PASSWORD_RECOVERY') store.set(passwordRecoveryAtom, true);
  if (event === 'SIGNED_OUT') store.set(passwordRecoveryAtom, false);
  if (!userId) {
    clearAccount();
  } else if (userId !== previousUserId || event === 'INITIAL_SESSION') {
    clearAccount();
    // supabase-js must not be awaited inside its own auth callback (it holds a lock): defer the reads.
    setTimeout(() => {
      void loadProfile(userId);
      void loadSubscription(userId);
    }, 0);
  }
  if (event === 'INITIAL_SESSION') store.set(initializedAtom, true);
}

let stopListening: (() => void) | null = null;

/**
 * Re-reads the profile and subscription when the tab comes back into view: the host may have paid
 * in the Stripe tab or another device, and the quota and plan button should follow without a reload.
 */
function refreshAccountWhenVisible(): void {
  if (document.visibilityState !== 'visible') return;
  const userId = store.get(sessionAtom)?.user.id;
  if (!userId) return;
  void loadProfile(userId);
  void loadSubscription(userId);
}

/** Subscribes the atoms to supabase-js once; safe to call more than once. */
export function startSessionSync(): () => void {
  if (!stopListening) {
    const { data } = supabase.auth.onAuthStateChange(handleAuthEvent);
    document.addEventListener('visibilitychange', refreshAccountWhenVisible);
    stopListening = () => {
      data.subscription.unsubscribe();
      document.removeEventListener('visibilitychange', refreshAccountWhenVisible);
      stopListening = null;
    };
  }
  return stopListening;
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

export function useProfile(): { profile: UserRow | null; refresh: () => Promise<void> } {
  const profile = useAtomValue(profileAtom);
  const userId = useAtomValue(sessionAtom)?.user.id ?? null;
  const refresh = useCallback(async () => {
    if (userId) await loadProfile(userId);
  }, [userId]);
  return { profile, refresh };
}

export function useSubscription(): { subscription: SubscriptionRow | null; loaded: boolean; refresh: () => Promise<void> } {
  const subscription = useAtomValue(subscriptionAtom);
  const loaded = useAtomValue(subscriptionLoadedAtom);
  const userId = useAtomValue(sessionAtom)?.user.id ?? null;
  const refresh = useCallback(async () => {
    if (userId) await loadSubscription(userId);
  }, [userId]);
  return { subscription, loaded, refresh };
}

export function usePasswordRecovery(): boolean {
  return useAtomValue(passwordRecoveryAtom);
}

/** Subscription states in which the plan is in force (Stripe statuses). */
export function isSubscriptionActive(subscription: SubscriptionRow | null): boolean {
  return subscription !== null && (subscription.status === 'active' || subscription.status === 'trialing');
}

/** Back to "not initialised, signed out" (tests, and nothing else, need this). */
export function resetSessionState(): void {
  store.set(sessionAtom, null);
  store.set(initializedAtom, false);
  store.set(authLoadingAtom, false);
  store.set(authErrorAtom, null);
  store.set(passwordRecoveryAtom, false);
  clearAccount();
}
