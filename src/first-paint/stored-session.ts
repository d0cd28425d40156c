/**
 * The session supabase-js keeps in localStorage, read before supabase-js has loaded: by the pages' inline boot script
 * (a returning host), the dashboard's early reads (its access token), the kept dashboard (whose copy it is) and the
 * session start (whether to load supabase-js at all). This is its only reader; its key is the contract's, which
 * supabase.ts gives to the client. Small: the boot script is bundled into every HTML page.
 */
import { AUTH_STORAGE_KEY } from './contract.ts';

export interface StoredSession {
  userId: string;
  /** '' when the session has none. */
  email: string;
  refreshToken: string;
  /** The access token and when it expires (Unix seconds); null when the stored session has none. */
  accessToken: string | null;
  expiresAt: number | null;
}

/**
 * The stored session when the app can go on with it (a user id and a refresh token, with which supabase-js gets a new
 * access token); null when there is none, it is unreadable, or storage is blocked: then the visitor is signed out.
 */
export function readStoredSession(storage?: Pick<Storage, 'getItem'>): StoredSession | null {
  try {
    // Inside the try: where storage is blocked, merely reading `localStorage` throws.
    const session = JSON.parse((storage ?? localStorage).getItem(AUTH_STORAGE_KEY) ?? 'null') as {
      access_token?: unknown;
      refresh_token?: unknown;
      expires_at?: unknown;
      user?: { id?: unknown; email?: unknown };
    } | null;
    const userId = session?.user?.id;
    const refreshToken = session?.refresh_token;
    if (typeof userId !== 'string' || userId === '' || typeof refreshToken !== 'string' || refreshToken === '') return null;
    const accessToken = typeof session?.access_token === 'string' && session.access_token !== '' ? session.access_token : null;
    const expiresAt = typeof session?.expires_at === 'number' ? session.expires_at : null;
    const email = typeof session?.user?.email === 'string' ? session.user.email : '';
    return { userId, email, refreshToken, accessToken, expiresAt };
  } catch {
    return null;
  }
}

/** The stored access token when it stays valid for `marginMs` more; otherwise supabase-js must refresh it first. */
export function validAccessToken(session: StoredSession, marginMs: number, now = Date.now()): string | null {
  return session.accessToken !== null && session.expiresAt !== null && session.expiresAt * 1000 > now + marginMs ? session.accessToken : null;
}
