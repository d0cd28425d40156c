/**
 * The translate-guide function run as a module under Node against a real local stack (PostgreSQL with the
 * migrations, PostgREST, Auth behind the gateway; its own ports, base + 70, so it runs beside the billing
 * tests) and the DeepL stand-in (deepl-stand-in.ts). Also through the gateway once: the Deno function is
 * registered with verify_jwt and, without DEEPL_API_KEY in the stack, says translation is unavailable.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anonKey, serviceRoleKey, stackPaths, stackPorts } from '../../../local-stack/config.ts';
import { startStack, type RunningStack } from '../../../local-stack/stack.ts';
import { handler } from '../translate-guide/handler.ts';
import { startDeepLStandIn, type DeepLStandIn } from './deepl-stand-in.ts';

const DEEPL_KEY = 'f63c02c5-f056-4a3b-9d2e-stand-in:fx';

let stack: RunningStack;
let db: pg.Pool;
let deepl: DeepLStandIn;
let dataDir: string;

interface Host {
  id: string;
  token: string;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- jsonb read by path in assertions

beforeAll(async () => {
  // supabase-js needs a WebSocket constructor on Node 20 (Deno has one built in).
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  const base = Number(process.env.ROOMGUIDE_PORT_BASE ?? 55320) + 70;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roomguide-translate-'));
  stack = await startStack({ ports: stackPorts(base), paths: stackPaths(dataDir), fresh: true, app: false, quiet: true });
  db = new pg.Pool({ connectionString: stack.urls.db, max: 2 });
  deepl = await startDeepLStandIn({ authKey: DEEPL_KEY, charactersLeft: 500_000, maxBodyBytes: 128 * 1024, tooManyRequests: 0 });
  Object.assign(process.env, { SUPABASE_URL: stack.urls.api, SUPABASE_ANON_KEY: anonKey, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey, DEEPL_API_URL: deepl.url });
}, 180_000);

afterAll(async () => {
  await db?.end();
  await deepl?.close();
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

beforeEach(() => {
  process.env.DEEPL_API_KEY = DEEPL_KEY;
  Object.assign(deepl.settings, { authKey: DEEPL_KEY, charactersLeft: 500_000, maxBodyBytes: 128 * 1024, tooManyRequests: 0 });
  deepl.requests.length = 0;
});

async function signUp(): Promise<Host> {
  const client = createClient(stack.urls.api, anonKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  const email = `translate-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`;
  const { data, error } = await client.auth.signUp({ email, password: 'password-123' });
  if (error || !data.session || !data.user) throw new Error(`signUp failed: ${error?.message ?? 'no session'}`);
  await db.query('update public.users set qr_code_limit = 10 where id = $1', [data.user.id]);
  return { id: data.user.id, token: data.session.access_token };
}

const description = 'Breakfast from 7 in the courtyard.';

/** A hotel with a description, a location, two activities, and two rooms (one with its own description). */
async function hotelOf(host: Host) {
  const {
    rows: [property],
  } = await db.query<{ id: string }>(`insert into public.properties (user_id, name, hotel, area) values ($1, 'Sol', $2, $3) returning id`, [
    host.id,
    { name: 'Hotel Sol', phone: '+34 900 100 200', description },
    { location: 'Old town', activities: ['Cathedral', 'Market'] },
  ]);
  const { rows: rooms } = await db.query<{ id: string }>(
    `insert into public.qr_codes (user_id, property_id, name, room_number, hotel) values
       ($1, $2, 'Sea Room', '1', '{}'), ($1, $2, 'Garden Room', '2', '{"description": "Late checkout."}')
     returning id`,
    [host.id, property!.id],
  );
  return { propertyId: property!.id, seaRoom: rooms[0]!.id, gardenRoom: rooms[1]!.id };
}

function call(host: Host | null, body: unknown, method = 'POST'): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', apikey: anonKey };
  if (host) headers.authorization = `Bearer ${host.token}`;
  return handler(new Request('http://127.0.0.1/functions/v1/translate-guide', { method, headers, body: method === 'GET' ? undefined : JSON.stringify(body) }));
}

async function translationsOf(table: 'properties' | 'qr_codes', id: string): Promise<Json> {
  return (await db.query<{ translations: Json }>(`select translations from public.${table} where id = $1`, [id])).rows[0]!.translations;
}

async function guideOf(roomId: string, lang: string): Promise<Json> {
  return (await db.query<{ guide: Json }>('select public.get_guide($1, $2) as guide', [roomId, lang])).rows[0]!.guide;
}

async function snapshot(hotel: { propertyId: string; seaRoom: string; gardenRoom: string }) {
  return [
    await translationsOf('properties', hotel.propertyId),
    await translationsOf('qr_codes', hotel.seaRoom),
    await translationsOf('qr_codes', hotel.gardenRoom),
  ];
}

describe('whether translation is available', () => {
  it('GET says so from DEEPL_API_KEY', async () => {
    expect(await (await call(null, null, 'GET')).json()).toEqual({ available: true, provider: 'deepl' });
    delete process.env.DEEPL_API_KEY;
    expect(await (await call(null, null, 'GET')).json()).toEqual({ available: false, provider: null });
  });

  it('runs in Deno behind the gateway with verify_jwt: unavailable without a key, 401 without a JWT', async () => {
    const viaGateway = await fetch(`${stack.urls.api}/functions/v1/translate-guide`, { headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` } });
    expect(viaGateway.status).toBe(200);
    expect(await viaGateway.json()).toEqual({ available: false, provider: null });
    const anonymous = await fetch(`${stack.urls.api}/functions/v1/translate-guide`, { method: 'POST', headers: { apikey: anonKey }, body: '{}' });
    expect(anonymous.status).toBe(401);
  });

  it('POST without a key answers a clear "not configured" and changes nothing', async () => {
    const host = await signUp();
    const hotel = await hotelOf(host);
    delete process.env.DEEPL_API_KEY;
    const response = await call(host, { property_id: hotel.propertyId });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      code: 'translation_not_configured',
      message: 'Machine translation is not configured on this server (DEEPL_API_KEY is not set).',
    });
    expect(await snapshot(hotel)).toEqual([{}, {}, {}]);
  });
});

describe('requests', () => {
  it('needs a signed-in host and the host’s own property or room', async () => {
    const host = await signUp();
    const stranger = await signUp();
    const hotel = await hotelOf(host);
    expect((await call(null, { property_id: hotel.propertyId })).status).toBe(401);
    const foreign = await call(stranger, { property_id: hotel.propertyId });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ code: 'not_found', message: 'Property not found.' });
    expect((await call(stranger, { room_id: hotel.seaRoom })).status).toBe(404);
    expect(deepl.requests).toEqual([]);
  });

  it('refuses a body without exactly one target or with unknown languages', async () => {
    const host = await signUp();
    const hotel = await hotelOf(host);
    for (const body of [
      {},
      { property_id: hotel.propertyId, room_id: hotel.seaRoom },
      { property_id: 'nope' },
      { property_id: hotel.propertyId, languages: ['pt'] },
    ]) {
      const response = await call(host, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('invalid_request');
    }
  });
});

describe('translating', () => {
  it('fills every missing language of the property and its rooms, marked as machine translations', async () => {
    const host = await signUp();
    const hotel = await hotelOf(host);
    const response = await call(host, { property_id: hotel.propertyId });
    expect(response.status).toBe(200);
    // Property: hotel.name, hotel.description, area.location, 2 activities; rooms: 2 names and the garden room's description.
    const outcome = (await response.json()) as Json;
    expect(outcome).toMatchObject({ translated: 8 * 6, languages: { es: 8, fr: 8, de: 8, it: 8, zh: 8, ja: 8 }, skipped: 0, refused: [] });

    // One request per language, in DeepL's codes, from the original language, with the documented header.
    expect(deepl.requests.map((request) => request.body.target_lang).sort()).toEqual(['DE', 'ES', 'FR', 'IT', 'JA', 'ZH-HANS']);
    expect(new Set(deepl.requests.map((request) => request.body.source_lang))).toEqual(new Set(['EN']));
    expect(new Set(deepl.requests.map((request) => request.authorization))).toEqual(new Set([`DeepL-Auth-Key ${DEEPL_KEY}`]));

    const [property, seaRoom, gardenRoom] = await snapshot(hotel);
    expect(property!.ja).toEqual({
      'hotel.name': { text: '[JA] Hotel Sol', source: 'machine' },
      'hotel.description': { text: `[JA] ${description}`, source: 'machine' },
      'area.location': { text: '[JA] Old town', source: 'machine' },
      'area.activities': { Cathedral: { text: '[JA] Cathedral', source: 'machine' }, Market: { text: '[JA] Market', source: 'machine' } },
    });
    expect(Object.keys(property!).sort()).toEqual(['de', 'es', 'fr', 'it', 'ja', 'zh']);
    expect(seaRoom!.zh).toEqual({ name: { text: '[ZH] Sea Room', source: 'machine' } });
    expect(gardenRoom!.fr).toEqual({
      name: { text: '[FR] Garden Room', source: 'machine' },
      'hotel.description': { text: '[FR] Late checkout.', source: 'machine' },
    });

    const japanese = await guideOf(hotel.gardenRoom, 'ja');
    expect(japanese.name).toBe('[JA] Garden Room');
    expect(japanese.hotel.description).toBe('[JA] Late checkout.');
    expect(japanese.area.activities).toEqual(['[JA] Cathedral', '[JA] Market']);

    // Nothing is missing any more: a second run sends nothing.
    deepl.requests.length = 0;
    expect(await (await call(host, { property_id: hotel.propertyId })).json()).toEqual({
      translated: 0,
      languages: {},
      skipped: 0,
      refused: [],
      characters: 0,
    });
    expect(deepl.requests).toEqual([]);
  });

  it('translates one room’s own texts, in the languages asked for', async () => {
    const host = await signUp();
    const hotel = await hotelOf(host);
    const response = await call(host, { room_id: hotel.gardenRoom, languages: ['ja', 'de'] });
    expect(await response.json()).toMatchObject({ translated: 4, languages: { de: 2, ja: 2 } });
    const [property, seaRoom, gardenRoom] = await snapshot(hotel);
    expect(property).toEqual({});
    expect(seaRoom).toEqual({});
    expect(Object.keys(gardenRoom!).sort()).toEqual(['de', 'ja']);
  });

  it('keeps host texts when it runs again, and sends DeepL only what is missing', async () => {
    const host = await signUp();
    const hotel = await hotelOf(host);
    await db.query(
      `update public.properties set translations = '{"ja": {"hotel.description": {"text": "中庭で7時から朝食。", "source": "host"}}}' where id = $1`,
      [hotel.propertyId],
    );
    await call(host, { property_id: hotel.propertyId });
    const japaneseRequest = deepl.requests.find((request) => request.body.target_lang === 'JA');
    expect(japaneseRequest?.body.text).not.toContain(description);
    expect((await translationsOf('properties', hotel.propertyId)).ja['hotel.description']).toEqual({ text: '中庭で7時から朝食。', source: 'host' });
    expect((await guideOf(hotel.seaRoom, 'ja')).hotel.description).toBe('中庭で7時から朝食。');
  });

  it('after an original changes, redoes only its untouched machine translations and keeps the host’s, marked outdated', async () => {
    const host = await signUp();
    const hotel = await hotelOf(host);
    await call(host, { property_id: hotel.propertyId });
    // The host edits the Japanese description, then changes the English original (as the host, through the API role).
    const asHost = async (sql: string) => {
      const client = await db.connect();
      try {
        await client.query('begin');
        await client.query(`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: host.id, role: 'authenticated' }),
        ]);
        await client.query(sql, [hotel.propertyId]);
        await client.query('commit');
      } finally {
        client.release();
      }
    };
    await asHost(`update public.properties set translations = jsonb_set(translations, '{ja,hotel.description}', '"中庭で7時から朝食。"') where id = $1`);
    await asHost(`update public.properties set hotel = hotel || '{"description": "Breakfast from 8 on the roof."}' where id = $1`);
    const before = await translationsOf('properties', hotel.propertyId);
    expect(before.ja['hotel.description']).toEqual({ text: '中庭で7時から朝食。', source: 'host', outdated: true });
    expect(before.fr['hotel.description']).toBeUndefined();
    expect(before.fr['hotel.name']).toEqual({ text: '[FR] Hotel Sol', source: 'machine' });

    deepl.requests.length = 0;
    const outcome = (await (await call(host, { property_id: hotel.propertyId })).json()) as Json;
    expect(outcome).toMatchObject({ translated: 5, languages: { es: 1, fr: 1, de: 1, it: 1, zh: 1 } });
    expect(deepl.requests.flatMap((request) => request.body.text)).toEqual(Array(5).fill('Breakfast from 8 on the roof.'));
    const after = await translationsOf('properties', hotel.propertyId);
    expect(after.fr['hotel.description']).toEqual({ text: '[FR] Breakfast from 8 on the roof.', source: 'machine' });
    expect(after.ja['hotel.description']).toEqual({ text: '中庭で7時から朝食。', source: 'host', outdated: true });
  });

  it('retries a 429 and then translates', async () => {
    const host = await signUp();
    const hotel = await hotelOf(host);
    deepl.settings.tooManyRequests = 2;
    const response = await call(host, { room_id: hotel.seaRoom, languages: ['it'] });
    expect(response.status).toBe(200);
    expect(deepl.requests.map((request) => request.status)).toEqual([429, 429, 200]);
    expect((await translationsOf('qr_codes', hotel.seaRoom)).it.name.text).toBe('[IT] Sea Room');
  });
});

describe('DeepL refusing: a clear error and nothing changed', () => {
  const cases: [string, () => void, number, { code: string; message: string }][] = [
    [
      'an authorization failure (403)',
      () => (deepl.settings.authKey = 'another-key'),
      502,
      { code: 'translation_auth_failed', message: 'The translation service refused this server’s key (DEEPL_API_KEY). Nothing was changed.' },
    ],
    [
      'an exceeded quota (456), even after some languages went through',
      () => (deepl.settings.charactersLeft = 200),
      503,
      { code: 'translation_quota_exceeded', message: 'The translation quota of this server is used up. Nothing was changed; try again when it renews.' },
    ],
    [
      'a request too large (413)',
      () => (deepl.settings.maxBodyBytes = 64),
      413,
      { code: 'translation_too_long', message: 'The texts are too long for the translation service. Nothing was changed.' },
    ],
    [
      'too many requests (429) after the retries',
      () => (deepl.settings.tooManyRequests = 3),
      503,
      { code: 'translation_busy', message: 'The translation service is busy. Nothing was changed; try again in a minute.' },
    ],
  ];

  for (const [what, arrange, status, body] of cases) {
    it(`reports ${what}`, async () => {
      const host = await signUp();
      const hotel = await hotelOf(host);
      arrange();
      const response = await call(host, { property_id: hotel.propertyId });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual(body);
      expect(await snapshot(hotel)).toEqual([{}, {}, {}]);
    });
  }
});
