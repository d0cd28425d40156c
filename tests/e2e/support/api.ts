/**
 * supabase-js clients for test arrangement against the test stack (Node 20 needs the `ws` transport).
 * The service client bypasses RLS: use it to arrange data and to check what the UI wrote.
 */
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { anonKey, serviceRoleKey } from '../../../local-stack/config.ts';

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

/** Options every Node-side client needs: `ws` as the realtime transport (Node 20), no stored session. */
export const nodeClientOptions: SupabaseClientOptions<'public'> = {
  // ws's constructor accepts more argument shapes than realtime-js declares; it is what realtime-js documents for Node.
  realtime: { transport: WebSocket as unknown as RealtimeTransport },
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
};

export function serviceClient(): SupabaseClient {
  return createClient(inject('apiUrl'), serviceRoleKey, nodeClientOptions);
}

export function anonClient(): SupabaseClient {
  return createClient(inject('apiUrl'), anonKey, nodeClientOptions);
}

/** A unique address per call, so tests never collide on the shared stack. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Registers (autoconfirm is on locally) and returns a client signed in as the new user. */
export async function signedInClient(
  email = uniqueEmail(),
  password = 'password-123',
): Promise<{ client: SupabaseClient; userId: string; email: string; password: string }> {
  const client = anonClient();
  const { data, error } = await client.auth.signUp({ email, password });
  if (error) throw new Error(`signUp ${email} failed: ${error.message}`);
  if (!data.session || !data.user) throw new Error(`signUp ${email} returned no session (are email confirmations on?)`);
  return { client, userId: data.user.id, email, password };
}

/** A new host allowed `roomLimit` rooms, with one property made of `columns` through their own client. */
export async function hostWithProperty(
  columns: Record<string, unknown>,
  roomLimit = 10,
): Promise<{ host: Awaited<ReturnType<typeof signedInClient>>; propertyId: string }> {
  const host = await signedInClient();
  const quota = await serviceClient().from('users').update({ qr_code_limit: roomLimit }).eq('id', host.userId).select('id').single();
  if (quota.error) throw new Error(quota.error.message);
  const property = await host.client.from('properties').insert(columns).select('id').single();
  if (property.error) throw new Error(property.error.message);
  return { host, propertyId: property.data.id as string };
}
