/**
 * The guide_languages migration on data made the old way: a scratch database gets every migration before it,
 * properties and rooms are written as the app wrote them until now (shared guide on the property, overrides on
 * rooms, a hidden field, a room without WiFi, duplicate room numbers from before that rule), then the migration
 * runs. Every guest guide keeps its keys and values and gains only `language: 'en'` and `translations: {}`;
 * nothing is stamped as updated; the rows stay editable and can take translations.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local-stack/db/index.ts';
import {
  databaseBefore,
  defaultGuestExtras,
  withHotelFields,
  insertOldHost,
  insertOldProperty,
  insertOldRoom,
  queryAs,
  scratchDatabases,
  scratchPool,
  superuserPool,
  user,
} from './support.ts';

const languagesMigration = '20261122234919';

const pool = superuserPool(2);
const scratchDatabase = scratchDatabases(pool);
let db: pg.Pool;
const guidesBefore = new Map<string, Record<string, unknown>>();
const updatedAtBefore = new Map<string, string>();

const owner = randomUUID();
const hotelProperty = randomUUID();
const emptyProperty = randomUUID();
const rooms = {
  inheriting: randomUUID(),
  overriding: randomUUID(),
  hiding: randomUUID(),
  bare: randomUUID(),
  duplicateA: randomUUID(),
  duplicateB: randomUUID(),
};

beforeAll(async () => {
  const url = await databaseBefore(scratchDatabase, languagesMigration);
  db = scratchPool(url, 2);
  await insertOldHost(db, owner, 100);
  await insertOldProperty(db, {
    id: hotelProperty,
    user_id: owner,
    name: 'Hotel Sol',
    template: 'beach',
    hotel: { name: 'Hotel Sol', phone: '+34 900 100 200', website: 'https://sol.example', description: 'Breakfast from 7.' },
    area: { location: 'Old town', activities: ['Cathedral', 'Market'], businessLink: 'https://visit.example' },
    style: { primaryColor: '#123456' },
    content: { wifi: { network: 'Sol', password: 'shared-pw' } },
  });
  await insertOldProperty(db, { id: emptyProperty, user_id: owner, name: 'Empty', template: 'custom', hotel: {}, area: {}, style: {}, content: {} });
  const insertRoom = (
    id: string,
    propertyId: string,
    roomNumber: string,
    columns: { hotel?: object; area?: object; content?: object; template?: string | null },
  ) =>
    insertOldRoom(db, {
      id,
      user_id: owner,
      property_id: propertyId,
      room_number: roomNumber,
      hotel: columns.hotel ?? {},
      area: columns.area ?? {},
      content: columns.content ?? {},
      template: columns.template ?? null,
    });
  await insertRoom(rooms.inheriting, hotelProperty, '101', {});
  await insertRoom(rooms.overriding, hotelProperty, '102', {
    hotel: { description: 'Late checkout.' },
    area: { activities: ['Sailing'] },
    content: { wifi: { password: 'own-pw' } },
    template: 'cabin',
  });
  await insertRoom(rooms.hiding, hotelProperty, '103', { hotel: { phone: null }, content: { wifi: null } });
  await insertRoom(rooms.bare, emptyProperty, 'A', {});
  // Two rooms sharing a number, as the schema allowed before numbers were unique per property.
  await db.query('alter table public.qr_codes disable trigger check_room_number_unique');
  await insertRoom(rooms.duplicateA, emptyProperty, '7', {});
  await insertRoom(rooms.duplicateB, emptyProperty, '7', {});
  await db.query('alter table public.qr_codes enable trigger check_room_number_unique');

  for (const row of (
    await db.query<{ id: string; guide: Record<string, unknown>; updated_at: string }>(
      'select id, public.get_guide(id) as guide, updated_at::text from public.qr_codes',
    )
  ).rows) {
    guidesBefore.set(row.id, row.guide);
    updatedAtBefore.set(row.id, row.updated_at);
  }
  for (const row of (await db.query<{ id: string; updated_at: string }>('select id, updated_at::text from public.properties')).rows) {
    updatedAtBefore.set(row.id, row.updated_at);
  }

  const applied = await prepareDatabase(url, { seed: false });
  expect(applied.appliedMigrations[0]).toBe(languagesMigration);
});

afterAll(async () => {
  await db?.end();
});

const asOwner = (sql: string, params: unknown[] = []) => queryAs(db, user(owner), sql, params);

describe('the guide_languages migration on rows made the old way', () => {
  it('keeps every guest guide’s keys and values, adding only the original language and no translations', async () => {
    const { rows } = await db.query<{ id: string; guide: Record<string, unknown> }>('select id, public.get_guide(id) as guide from public.qr_codes');
    expect(rows).toHaveLength(guidesBefore.size);
    for (const row of rows)
      expect(row.guide, `guide of ${row.id}`).toEqual({
        ...withHotelFields(guidesBefore.get(row.id)!),
        language: 'en',
        translations: {},
        ...defaultGuestExtras,
      });
  });

  it('answers a guest asking for a language with the same texts', async () => {
    const { rows } = await db.query<{ id: string; guide: Record<string, unknown> }>(`select id, public.get_guide(id, 'ja') as guide from public.qr_codes`);
    for (const row of rows)
      expect(row.guide, `guide of ${row.id}`).toEqual({ ...withHotelFields(guidesBefore.get(row.id)!), language: 'en', ...defaultGuestExtras });
  });

  it('gives every property the original language en and every row empty translations, stamping nothing as updated', async () => {
    const properties = await db.query<{ id: string; original_language: string; translations: object; updated_at: string }>(
      'select id, original_language, translations, updated_at::text from public.properties',
    );
    for (const row of properties.rows) {
      expect(row).toMatchObject({ original_language: 'en', translations: {}, updated_at: updatedAtBefore.get(row.id) });
    }
    const codes = await db.query<{ id: string; translations: object; updated_at: string }>('select id, translations, updated_at::text from public.qr_codes');
    for (const row of codes.rows) expect(row).toMatchObject({ translations: {}, updated_at: updatedAtBefore.get(row.id) });
  });

  it('leaves old rows editable as before, rooms that share a number included, and ready for translations', async () => {
    const { rowCount } = await asOwner(`update public.qr_codes set name = name || ' (renamed)' where property_id = $1`, [emptyProperty]);
    expect(rowCount).toBe(3);
    await asOwner(`update public.properties set original_language = 'es', translations = '{"ja": {"hotel.description": "朝食は7時から"}}' where id = $1`, [
      hotelProperty,
    ]);
    await asOwner(`update public.qr_codes set translations = '{"en": {"hotel.description": "Late check-out."}}' where id = $1`, [rooms.overriding]);
    const { rows } = await db.query<{ guide: { translations: unknown; language: string } }>('select public.get_guide($1) as guide', [rooms.inheriting]);
    expect(rows[0].guide.language).toBe('es');
    expect(rows[0].guide.translations).toEqual({ ja: { hotel: { description: '朝食は7時から' } } });
    const overriding = await db.query<{ guide: { translations: unknown } }>('select public.get_guide($1) as guide', [rooms.overriding]);
    expect(overriding.rows[0].guide.translations).toEqual({ en: { hotel: { description: 'Late check-out.' } } });
  });
});
