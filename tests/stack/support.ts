/**
 * Arrangement helpers for the stack contract tests. Users are created directly in `auth.users` (the
 * on-insert trigger makes their `public.users` row) and get an access token signed with the stack's JWT
 * secret carrying GoTrue's claims (docs/supabase-http-api.md §A.6). That keeps the PostgREST/Storage/Functions contracts
 * independent of the Auth stand-in, whose own contract is tested in tests/stack/auth-*.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import pg from 'pg';
import { inject } from 'vitest';
import { anonKey, jwtSecret, serviceRoleKey } from '../../local-stack/config.ts';
import { nodeClientOptions } from '../e2e/support/api.ts';

export { anonKey, serviceRoleKey };

export function apiUrl(): string {
  return inject('apiUrl');
}

export function anonClient(): SupabaseClient {
  return createClient(apiUrl(), anonKey, nodeClientOptions);
}

export function serviceClient(): SupabaseClient {
  return createClient(apiUrl(), serviceRoleKey, nodeClientOptions);
}

/** Runs SQL as the database superuser (arrangement only; never what the API allows). */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('dbUrl') });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface TestUser {
  id: string;
  email: string;
  accessToken: string;
  /** supabase-js signed in as this user (anon key as apikey, the user's token as Bearer). */
  client: SupabaseClient;
}

export async function accessTokenFor(userId: string, email: string, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: randomUUID(),
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`${apiUrl()}/auth/v1`)
    .setSubject(userId)
    .setAudience('authenticated')
    .setIssuedAt(now)
    .setExpirationTime(now + expiresInSeconds)
    .sign(new TextEncoder().encode(jwtSecret));
}

export async function createUser(label = 'user'): Promise<TestUser> {
  const id = randomUUID();
  const email = `${label}-${id.slice(0, 8)}@example.test`;
  await sql(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(),
             '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
    [id, email],
  );
  const accessToken = await accessTokenFor(id, email);
  const client = createClient(apiUrl(), anonKey, {
    ...nodeClientOptions,
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
  return { id, email, accessToken, client };
}
