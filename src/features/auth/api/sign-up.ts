import { authClient } from '@/lib/session-start';
import { trackAuthCall } from '@/lib/session';
import { mapStoreAuthError } from './map-auth-error';
import type { Credentials } from './sign-in';

/**
 * Creates an account. With email confirmations off (our config) the answer carries a session and
 * the user is signed in; a database trigger creates the `users` row (no plan, limit 0).
 * Resolves to whether a session was started (false when the project requires email confirmation: the email's link
 * then leads to `redirectTo`, which must be among the project's redirect URLs).
 */
export async function signUp({ email, password }: Credentials, redirectTo?: string): Promise<{ signedIn: boolean }> {
  return trackAuthCall(async () => {
    const { data, error } = await (await authClient()).auth.signUp({ email: email.trim(), password, options: { emailRedirectTo: redirectTo } });
    if (error) throw error;
    return { signedIn: data.session !== null };
  }, mapStoreAuthError);
}
