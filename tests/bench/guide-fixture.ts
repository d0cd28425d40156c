/**
 * A guest guide with a real room photo in Storage, created the way a host would (own account, own property,
 * photo uploaded to qr_images/<user>/…), for the guide's browser tests and its benchmark.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { anonKey, projectRoot, serviceRoleKey } from '../../local-stack/config.ts';

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;
export const nodeOptions: SupabaseClientOptions<'public'> = {
  // ws's constructor accepts more argument shapes than realtime-js declares; it is what realtime-js documents for Node.
  realtime: { transport: WebSocket as unknown as RealtimeTransport },
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
};

export const ROOM_PHOTO = path.join(projectRoot, 'tests', 'bench', 'fixtures', 'room.jpg');

/** Signs `host` (an anon client) up as a new host named after `label`, with room for `limit` codes; answers the user id. */
export async function signUpBenchHost(apiUrl: string, host: SupabaseClient, label: string, limit: number): Promise<string> {
  const signUp = await host.auth.signUp({ email: `${label}-${Date.now().toString(36)}@example.test`, password: 'password-123' });
  const userId = signUp.data.user?.id;
  if (signUp.error || !userId || !signUp.data.session) throw new Error(`host sign-up failed: ${signUp.error?.message ?? 'no session'}`);
  const quota = await serviceClientFor(apiUrl).from('users').update({ qr_code_limit: limit }).eq('id', userId);
  if (quota.error) throw new Error(`set quota failed: ${quota.error.message}`);
  return userId;
}

/** What a host types for the room (and its property's name). */
export interface GuideFixtureContent {
  propertyName: string;
  name: string;
  roomNumber: string;
  network: string;
  password: string;
  hotel: { name: string; phone: string; website: string; description: string };
  area: { location: string; activities: string[]; businessLink: string };
}

export interface GuideFixture extends GuideFixtureContent {
  id: string;
  photoUrl: string;
}

export function serviceClientFor(apiUrl: string): SupabaseClient {
  return createClient(apiUrl, serviceRoleKey, nodeOptions);
}

function unwrap<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error || result.data === null) throw new Error(`${what} failed: ${result.error?.message ?? 'no data'}`);
  return result.data;
}

/**
 * A guide on the local stack. `guestServices`: the property takes guest requests and shows a notice now, so the guide
 * loads its request card too (the benchmark measures the guide with everything a hotel may turn on).
 */
export async function createGuideFixture(
  apiUrl: string,
  overrides: Partial<GuideFixtureContent> & { template?: string } = {},
  options: { guestServices?: boolean } = {},
): Promise<GuideFixture> {
  const label = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const host = createClient(apiUrl, anonKey, nodeOptions);
  const signUp = await host.auth.signUp({ email: `guide-host-${label}@example.test`, password: 'password-123' });
  const userId = signUp.data.user?.id;
  if (signUp.error || !userId || !signUp.data.session) throw new Error(`host sign-up failed: ${signUp.error?.message ?? 'no session'}`);
  // A paying host: the quota is normally set by the Stripe webhook.
  unwrap(await serviceClientFor(apiUrl).from('users').update({ qr_code_limit: 5 }).eq('id', userId).select('id').single(), 'set quota');

  const { template = 'beach', ...content } = overrides;
  const fixture: GuideFixtureContent = {
    propertyName: 'Hotel Aurora',
    name: 'Harbour Room',
    roomNumber: '305',
    network: 'Aurora-Guests',
    password: 'tide;pool,305',
    hotel: { name: 'Hotel Aurora', phone: '+34 971 555 010', website: 'https://aurora.example', description: 'Breakfast from 7:00 in the courtyard.' },
    area: { location: 'Old harbour, Palma', activities: ['Harbour walk', 'Fish market'], businessLink: 'https://palma.example' },
    ...content,
  };
  const property = unwrap(
    await host
      .from('properties')
      .insert({ name: fixture.propertyName, type: 'hotel', address: 'Carrer del Mar 1, Palma', requests_enabled: options.guestServices === true })
      .select('id')
      .single(),
    'create property',
  ) as { id: string };
  if (options.guestServices) {
    const now = Date.now();
    unwrap(
      await host
        .from('guest_notices')
        .insert({
          property_id: property.id,
          text: 'The pool is closed today',
          starts_at: new Date(now - 3600_000).toISOString(),
          ends_at: new Date(now + 86_400_000).toISOString(),
        })
        .select('id')
        .single(),
      'create notice',
    );
  }

  const photoPath = `${userId}/room-${label}.jpg`;
  unwrap(await host.storage.from('qr_images').upload(photoPath, fs.readFileSync(ROOM_PHOTO), { contentType: 'image/jpeg' }), 'upload photo');
  const photoUrl = host.storage.from('qr_images').getPublicUrl(photoPath).data.publicUrl;

  const row = unwrap(
    await host
      .from('qr_codes')
      .insert({
        property_id: property.id,
        name: fixture.name,
        room_number: fixture.roomNumber,
        template,
        hotel: fixture.hotel,
        area: fixture.area,
        style: { roomPhotoUrl: photoUrl },
        content: { wifi: { network: fixture.network, password: fixture.password } },
        images: [photoUrl],
      })
      .select('id')
      .single(),
    'create QR code',
  ) as { id: string };
  return { id: row.id, photoUrl, ...fixture };
}

export async function scanCount(apiUrl: string, id: string): Promise<number> {
  const row = unwrap(await serviceClientFor(apiUrl).from('qr_codes').select('scan_count').eq('id', id).single(), 'read scan_count') as { scan_count: number };
  return row.scan_count;
}
