import { authClient } from '@/lib/session-start';
import { trackAuthCall } from '@/lib/session';
import { mapStoreAuthError } from './map-auth-error';

export interface Credentials {
  email: string;
  password: string;
}

/** Signs in with email and password; throws the provider's error (the store keeps its message). */
export async function signIn({ email, password }: Credentials): Promise<void> {
  await trackAuthCall(async () => {
    const { error } = await (await authClient()).auth.signInWithPassword({ email: email.trim(), password });
    if (error) throw error;
  }, mapStoreAuthError);
}
