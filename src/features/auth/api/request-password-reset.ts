import { authClient } from '@/lib/session-start';
import { trackAuthCall } from '@/lib/session';
import { paths } from '@/lib/paths';
import { mapStoreAuthError } from './map-auth-error';

/** Sends the reset email; its link returns to /reset-password on this origin. */
export async function requestPasswordReset(email: string, origin: string = window.location.origin): Promise<void> {
  await trackAuthCall(async () => {
    const { error } = await (await authClient()).auth.resetPasswordForEmail(email.trim(), { redirectTo: `${origin}${paths.resetPassword}` });
    if (error) throw error;
  }, mapStoreAuthError);
}
