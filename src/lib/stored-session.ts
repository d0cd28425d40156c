/**
 * The session supabase-js stored in localStorage, read without loading supabase-js (its ~57 KB gzip would otherwise
 * sit on the signed-in screens' critical path). Used by the dashboard's early reads and, on /dashboard, as the
 * session the screens render with until supabase-js has loaded and confirmed or corrected it (session-start.ts).
 * Trusted only while its access token is not about to expire: an expiring one is left to supabase-js to refresh.
 */
import type { Session } from '@supabase/supabase-js';
import { authStorageKey } from './auth-storage-key';

/** A token that expires within this margin is left to supabase-js, which refreshes it first. */
export const STORED_SESSION_EXPIRY_MARGIN_MS = 60_000;

/** The stored session if it names a user and its access token stays valid past the margin, else null. */
export function trustedStoredSession(now = Date.now()): Session | null {
  try {
    const stored = JSON.parse(localStorage.getItem(authStorageKey) ?? 'null') as {
      access_token?: unknown;
      expires_at?: unknown;
      user?: { id?: unknown } | null;
    } | null;
    if (stored === null || typeof stored !== 'object') return null;
    const { access_token: accessToken, expires_at: expiresAt } = stored;
    if (typeof accessToken !== 'string' || typeof stored.user?.id !== 'string' || typeof expiresAt !== 'number') return null;
    if (expiresAt * 1000 <= now + STORED_SESSION_EXPIRY_MARGIN_MS) return null;
    // What supabase-js wrote with JSON.stringify(session): the fields checked above are the ones the app relies on
    // before supabase-js replaces it with its own copy.
    return stored as unknown as Session;
  } catch {
    return null; // storage blocked or unreadable: supabase-js decides
  }
}
