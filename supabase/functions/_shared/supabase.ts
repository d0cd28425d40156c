/**
 * Supabase clients for functions: the service-role client (bypasses RLS; only for writes the webhook and
 * checkout must make) and the caller's identity from the `Authorization` header.
 */
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { HttpError } from './errors.ts';
import { requireEnv } from './env.ts';

export type AdminClient = SupabaseClient;

export function createAdminClient(): AdminClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

/**
 * The signed-in caller. The gateway already checked the JWT's signature (verify_jwt); asking Auth for the
 * user also rejects the anon key and tokens of deleted users or ended sessions.
 */
export async function requireUser(request: Request, admin: AdminClient): Promise<User> {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  if (!token) throw new HttpError(401, 'not_logged_in', 'You must be logged in.');
  const { data, error } = await admin.auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, 'not_logged_in', 'You must be logged in.');
  return data.user;
}
