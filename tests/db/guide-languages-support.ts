/** What the guide-languages test files share: their database pool, two hosts, and how they make and read guides. */
import { beforeAll } from 'vitest';
import { anon, createUser, queryAs, superuserPool, user, type Caller } from './support.ts';

export const pool = superuserPool();
/** Two hosts with room for 100 rooms each, made before the file's tests run (useGuideLanguageHosts). */
export const hosts = { owner: '', other: '' };

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- jsonb read by path in assertions

export function useGuideLanguageHosts(): void {
  beforeAll(async () => {
    hosts.owner = await createUser(pool, { roomLimit: 100 });
    hosts.other = await createUser(pool, { roomLimit: 100 });
  });
}

export const hotel = { name: 'Hotel Sol', phone: '+34 900 100 200', website: 'https://sol.example', description: 'Breakfast from 7 in the courtyard.' };
export const area = { location: 'Old town', activities: ['Cathedral', 'Market', 'Harbour walk'], businessLink: 'https://visit.example' };

export async function createGuideProperty(columns: Json = {}, caller: Caller = user(hosts.owner)): Promise<string> {
  const { rows } = await queryAs<{ id: string }>(
    pool,
    caller,
    `insert into public.properties (name, hotel, area, original_language, translations) values ('Sol', $1, $2, $3, $4) returning id`,
    [columns.hotel ?? hotel, columns.area ?? area, columns.original_language ?? 'en', columns.translations ?? {}],
  );
  return rows[0].id;
}

export async function createRoom(propertyId: string, columns: Json = {}, caller: Caller = user(hosts.owner)): Promise<string> {
  const { rows } = await queryAs<{ id: string }>(
    pool,
    caller,
    `insert into public.qr_codes (property_id, name, room_number, hotel, area, translations) values ($1, $2, $3, $4, $5, $6) returning id`,
    [
      propertyId,
      columns.name ?? 'Harbour Room',
      columns.room_number ?? String(Math.floor(Math.random() * 1e6)),
      columns.hotel ?? {},
      columns.area ?? {},
      columns.translations ?? {},
    ],
  );
  return rows[0].id;
}

export async function propertyTranslations(id: string): Promise<Json> {
  return (await pool.query<{ translations: Json }>('select translations from public.properties where id = $1', [id])).rows[0].translations;
}

export async function roomTranslations(id: string): Promise<Json> {
  return (await pool.query<{ translations: Json }>('select translations from public.qr_codes where id = $1', [id])).rows[0].translations;
}

export function updateProperty(id: string, set: string, params: unknown[] = [], caller: Caller = user(hosts.owner)) {
  return queryAs(pool, caller, `update public.properties set ${set} where id = $1`, [id, ...params]);
}

export function updateRoom(id: string, set: string, params: unknown[] = [], caller: Caller = user(hosts.owner)) {
  return queryAs(pool, caller, `update public.qr_codes set ${set} where id = $1`, [id, ...params]);
}

export async function guideOf(id: string, lang?: string): Promise<Json> {
  const { rows } = lang
    ? await queryAs<{ guide: Json }>(pool, anon, 'select public.get_guide($1, $2) as guide', [id, lang])
    : await queryAs<{ guide: Json }>(pool, anon, 'select public.get_guide($1) as guide', [id]);
  return rows[0].guide;
}
