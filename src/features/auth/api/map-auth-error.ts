/**
 * The one place where auth failures become words (docs/product-spec.md §8, docs/architecture.md §9 item 7). Two wordings exist:
 * the auth store's (kept in the session and shown by register and forgot password) and the login
 * screen's. Keys are in the `auth` namespace; a provider error we have no wording for shows the
 * provider's own message, and anything that is not a provider answer (network down, a bug) gets the
 * generic message of each context.
 */
import type { AuthError } from '@supabase/auth-js';
import type { AuthErrorMessage } from '@/lib/session';

export type AuthErrorContext = 'store' | 'login';

const invalidEmailPattern = /email/i;

/** Known provider error codes (GoTrue's `code`) and the spec's Firebase-style names, per context. */
const messageKeys: Record<string, Record<AuthErrorContext, string>> = {
  invalid_credentials: { store: 'errors.invalidCredentials', login: 'errors.invalidCredentials' },
  user_already_exists: { store: 'errors.emailInUse', login: 'errors.emailInUse' },
  email_exists: { store: 'errors.emailInUse', login: 'errors.emailInUse' },
  weak_password: { store: 'errors.weakPassword', login: 'errors.weakPassword' },
  email_address_invalid: { store: 'errors.invalidEmail', login: 'errors.invalidEmail' },
  user_not_found: { store: 'errors.userNotFound', login: 'errors.noUserWithEmail' },
  wrong_password: { store: 'errors.wrongPassword', login: 'errors.wrongPassword' },
  same_password: { store: 'errors.samePassword', login: 'errors.samePassword' },
  otp_expired: { store: 'errors.linkExpired', login: 'errors.linkExpired' },
  over_email_send_rate_limit: { store: 'errors.tooManyEmails', login: 'errors.tooManyEmails' },
  over_request_rate_limit: { store: 'errors.tooManyRequests', login: 'errors.tooManyRequests' },
  email_not_confirmed: { store: 'errors.emailNotConfirmed', login: 'errors.emailNotConfirmed' },
  session_expired: { store: 'errors.sessionExpired', login: 'errors.sessionExpired' },
  session_not_found: { store: 'errors.sessionExpired', login: 'errors.sessionExpired' },
};

const aliases: Record<string, string> = {
  'auth/invalid-credential': 'invalid_credentials',
  'auth/email-already-in-use': 'user_already_exists',
  'auth/weak-password': 'weak_password',
  'auth/invalid-email': 'email_address_invalid',
  'auth/user-not-found': 'user_not_found',
  'auth/wrong-password': 'wrong_password',
};

/** A provider answer, as opposed to a network failure or a bug. */
function isProviderError(error: unknown): error is AuthError {
  // auth-js's own isAuthError test (lib/errors.ts), written out so that the login page's error wording does not
  // load supabase-js before the form is sent.
  if (typeof error !== 'object' || error === null || !('__isAuthError' in error)) return false;
  // AuthRetryableFetchError (network down, 5xx) carries status 0 or ≥ 500: not an answer about the input.
  const { status } = error as { status?: unknown };
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function mapAuthError(error: unknown, context: AuthErrorContext = 'store'): AuthErrorMessage {
  if (!isProviderError(error)) {
    return { key: context === 'login' ? 'errors.unexpected' : 'errors.unknown' };
  }
  const code = error.code ? (aliases[error.code] ?? error.code) : undefined;
  if (code === 'validation_failed' && invalidEmailPattern.test(error.message)) {
    return { key: 'errors.invalidEmail' };
  }
  const key = code ? messageKeys[code]?.[context] : undefined;
  if (key) return { key };
  return error.message.trim() !== '' ? { text: error.message } : { key: context === 'login' ? 'errors.unexpected' : 'errors.unknown' };
}

export const mapStoreAuthError = (error: unknown) => mapAuthError(error, 'store');
