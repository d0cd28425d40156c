/**
 * The hotel_information migration on rows made before it: a property with a shared guide and translations, and rooms
 * that inherit, override, hide a text or have no WiFi. A scratch database gets every migration before it; after it,
 * every guide (in the original and in a translated language) is what it was, with the new hotel fields present and
 * empty, the translation status is unchanged, and the old rows take the new fields: a property sets them once, a room
 * overrides one, both are translated, and rooms in bulk override them.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local-stack/db/index.ts';
import {
  as,
  databaseBefore,
  guideHotel,
  guidesOf,
  translationStatuses,
  type GuideAnswer,
  insertOldHost,
  insertOldProperty,
  insertOldRoom,
  scratchDatabases,
  scratchPool,
  superuserPool,
  user,
} from './support.ts';

const migration = '20261127181539';

const pool = superuserPool(2);
const scratchDatabase = scratchDatabases(pool);
let db: pg.Pool;

const host = randomUUID();
const property = randomUUID();
const rooms = { inheriting: randomUUID(), overriding: randomUUID(), hiding: randomUUID(), withoutWifi: randomUUID() };

let before: { original: Record<string, GuideAnswer>; german: Record<string, GuideAnswer>; status: unknown[] };

beforeAll(async () => {
  db = scratchPool(await databaseBefore(scratchDatabase, migration), 4);
  await insertOldHost(db, host, 10);
  await insertOldProperty(db, {
    id: property,
    user_id: host,
    name: 'Hotel Sol',
    hotel: { name: 'Hotel Sol', phone: '+34 900 100 200', description: 'Breakfast from 7 in the courtyard.' },
    area: { location: 'Old town', activities: ['Market', 'Beach'] },
    content: { wifi: { network: 'Sol-Guests', password: 'sunny-days' } },
    translations: { de: { 'hotel.description': 'Frühstück ab 7 Uhr im Innenhof.', 'area.activities': { Market: 'Markt' } } },
  });
  await insertOldRoom(db, { id: rooms.inheriting, user_id: host, property_id: property, room_number: '101' });
  await insertOldRoom(db, {
    id: rooms.overriding,
    user_id: host,
    property_id: property,
    room_number: '102',
    hotel: { description: 'Late checkout until 14:00.' },
    translations: { de: { 'hotel.description': 'Später Check-out bis 14 Uhr.' } },
  });
  await insertOldRoom(db, { id: rooms.hiding, user_id: host, property_id: property, room_number: '103', hotel: { description: null } });
  await insertOldRoom(db, { id: rooms.withoutWifi, user_id: host, property_id: property, room_number: '104', content: { wifi: null } });
  before = { original: await guidesOf(db, rooms, null), german: await guidesOf(db, rooms, 'de'), status: await translationStatuses(db, property) };
  const applied = await prepareDatabase(db.options.connectionString!, { seed: false });
  expect(applied.appliedMigrations[0]).toBe(migration);
});

afterAll(async () => {
  await db?.end();
});

/** A guide from before with the new hotel fields, empty. */
const withNewFields = (guide: GuideAnswer): GuideAnswer => ({ ...guide, hotel: guideHotel(guide.hotel) });

describe('hotel_information migration on rows made before it', () => {
  it('keeps every guide as guests saw it, in the original and in German, with the new fields empty', async () => {
    const afterOriginal = await guidesOf(db, rooms, null);
    const afterGerman = await guidesOf(db, rooms, 'de');
    for (const name of Object.keys(rooms) as (keyof typeof rooms)[]) {
      expect(afterOriginal[name], name).toEqual(withNewFields(before.original[name]!));
      expect(afterGerman[name], name).toEqual(withNewFields(before.german[name]!));
    }
    expect(afterGerman.overriding!.hotel.description).toBe('Später Check-out bis 14 Uhr.');
    expect(afterGerman.hiding!.hotel.description).toBeNull();
    expect(afterOriginal.withoutWifi!.content).toEqual({ wifi: null });
    expect(await translationStatuses(db, property)).toEqual(before.status);
  });

  it('lets the old property set the new fields once, translated, and a room override one', async () => {
    await as(db, user(host), (client) =>
      client.query(
        `update public.properties
            set hotel = hotel || '{"checkIn": "From 15:00", "houseRules": "Quiet after 22:00.", "emergencyPhone": "112", "photoUrl": "https://sol.example/front.jpg"}',
                translations = jsonb_set(translations, '{de,hotel.checkIn}', '"Ab 15 Uhr"')
          where id = $1`,
        [property],
      ),
    );
    await as(db, user(host), (client) =>
      client.query(`update public.qr_codes set hotel = hotel || '{"checkIn": "From 12:00"}' where id = $1`, [rooms.overriding]),
    );
    const german = await guidesOf(db, rooms, 'de');
    expect(german.inheriting!.hotel).toMatchObject({ checkIn: 'Ab 15 Uhr', houseRules: 'Quiet after 22:00.', emergencyPhone: '112' });
    expect(german.inheriting!.hotel.photoUrl).toBe('https://sol.example/front.jpg');
    expect(german.overriding!.hotel.checkIn).toBe('From 12:00');
    expect(german.hiding!.hotel.checkIn).toBe('Ab 15 Uhr');

    // Rooms in bulk: the old rooms take an override of a new field, and give it back.
    await as(db, user(host), (client) =>
      client.query(`select public.update_rooms($1, '{"hotel.breakfast": "7:00–10:00"}')`, [[rooms.inheriting, rooms.withoutWifi]]),
    );
    expect((await guidesOf(db, rooms, null)).withoutWifi!.hotel.breakfast).toBe('7:00–10:00');
    await as(db, user(host), (client) => client.query(`select public.update_rooms($1, '{}', '{hotel.breakfast}')`, [[rooms.withoutWifi]]));
    expect((await guidesOf(db, rooms, null)).withoutWifi!.hotel.breakfast).toBeNull();
    expect((await guidesOf(db, rooms, null)).inheriting!.hotel.breakfast).toBe('7:00–10:00');
  });
});
