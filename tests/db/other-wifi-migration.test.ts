/**
 * The other_wifi_networks migration on rows made before it: a property with a shared guide, its WiFi and
 * translations, and rooms that inherit, have their own network, or have no WiFi. A scratch database gets every
 * migration before it; after it, every guide (original and German) is what it was with the new fields present and
 * empty, and the translation status is unchanged. Then the old rows take the new networks: the property sets two,
 * with a place translated into German; a room overrides one network's password and another hides one; the database
 * refuses a network name over 32 bytes and names the field; rooms in bulk take a network of their own.
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

const migration = '20261127212824';

const pool = superuserPool(2);
const scratchDatabase = scratchDatabases(pool);
let db: pg.Pool;

const host = randomUUID();
const property = randomUUID();
const rooms = { inheriting: randomUUID(), ownNetwork: randomUUID(), withoutWifi: randomUUID() };

let before: { original: Record<string, GuideAnswer>; german: Record<string, GuideAnswer>; status: unknown[] };

beforeAll(async () => {
  db = scratchPool(await databaseBefore(scratchDatabase, migration), 4);
  await insertOldHost(db, host, 10);
  await insertOldProperty(db, {
    id: property,
    user_id: host,
    name: 'Hotel Mar',
    hotel: { name: 'Hotel Mar', checkIn: 'From 15:00', emergencyPhone: '112' },
    area: { location: 'Harbour' },
    content: { wifi: { network: 'Mar-Guests', password: 'blue-waves' } },
    translations: { de: { 'hotel.checkIn': 'Ab 15 Uhr' } },
  });
  await insertOldRoom(db, { id: rooms.inheriting, user_id: host, property_id: property, room_number: '201' });
  await insertOldRoom(db, {
    id: rooms.ownNetwork,
    user_id: host,
    property_id: property,
    room_number: '202',
    content: { wifi: { network: 'Mar-202', password: 'room-202' } },
  });
  await insertOldRoom(db, { id: rooms.withoutWifi, user_id: host, property_id: property, room_number: '203', content: { wifi: null } });
  before = { original: await guidesOf(db, rooms, null), german: await guidesOf(db, rooms, 'de'), status: await translationStatuses(db, property) };
  const applied = await prepareDatabase(db.options.connectionString!, { seed: false });
  expect(applied.appliedMigrations[0]).toBe(migration);
});

afterAll(async () => {
  await db?.end();
});

const withNewFields = (guide: GuideAnswer): GuideAnswer => ({ ...guide, hotel: guideHotel(guide.hotel) });

describe('other_wifi_networks migration on rows made before it', () => {
  it('keeps every guide as guests saw it, in the original and in German, with the other networks empty', async () => {
    const afterOriginal = await guidesOf(db, rooms, null);
    const afterGerman = await guidesOf(db, rooms, 'de');
    for (const name of Object.keys(rooms) as (keyof typeof rooms)[]) {
      expect(afterOriginal[name], name).toEqual(withNewFields(before.original[name]!));
      expect(afterGerman[name], name).toEqual(withNewFields(before.german[name]!));
      expect(afterOriginal[name].hotel, name).toMatchObject({ wifi2Place: null, wifi2Network: null, wifi4Password: null });
    }
    expect(afterOriginal.ownNetwork.content).toEqual({ wifi: { network: 'Mar-202', password: 'room-202' } });
    expect(afterOriginal.withoutWifi.content).toEqual({ wifi: null });
    expect(await translationStatuses(db, property)).toEqual(before.status);
  });

  it('lets the old rows offer more networks: set once, a place translated, overridden and hidden per room, changed in bulk', async () => {
    await as(db, user(host), (client) =>
      client.query(
        `update public.properties
            set hotel = hotel || '{"wifi2Place": "Lobby", "wifi2Network": "Mar-Lobby", "wifi2Password": " open sesame ", "wifi3Place": "Pool", "wifi3Network": "Mar-Pool"}',
                translations = jsonb_set(translations, '{de,hotel.wifi2Place}', '"Empfang"')
          where id = $1`,
        [property],
      ),
    );
    await as(db, user(host), (client) =>
      client.query(`update public.qr_codes set hotel = hotel || '{"wifi2Password": "lobby-202"}' where id = $1`, [rooms.ownNetwork]),
    );
    await as(db, user(host), (client) =>
      client.query(`update public.qr_codes set hotel = hotel || '{"wifi3Network": null}' where id = $1`, [rooms.withoutWifi]),
    );
    const german = await guidesOf(db, rooms, 'de');
    // The password is kept as typed, spaces and all.
    expect(german.inheriting.hotel).toMatchObject({
      wifi2Place: 'Empfang',
      wifi2Network: 'Mar-Lobby',
      wifi2Password: ' open sesame ',
      wifi3Network: 'Mar-Pool',
    });
    expect(german.ownNetwork.hotel).toMatchObject({ wifi2Network: 'Mar-Lobby', wifi2Password: 'lobby-202', wifi3Place: 'Pool' });
    // A room without WiFi of its own still offers the property's other networks, less the one it hides.
    expect(german.withoutWifi.content).toEqual({ wifi: null });
    expect(german.withoutWifi.hotel).toMatchObject({ wifi2Network: 'Mar-Lobby', wifi3Network: null });

    // Each place is a text to translate: the property's texts were the hotel's name, check-in and location; German
    // had check-in and now has the Lobby too, not yet the Pool.
    const { rows } = await db.query<{ status: { texts: number; languages: Record<string, { translated: number; missing: number }> } }>(
      'select public.translation_status(p) as status from public.properties p where p.id = $1',
      [property],
    );
    expect(rows[0].status.texts).toBe(5);
    expect(rows[0].status.languages.de).toMatchObject({ translated: 2, missing: 3 });

    // A network name is at most 32 bytes, as the room's own.
    await expect(
      as(db, user(host), (client) =>
        client.query(`update public.properties set hotel = hotel || jsonb_build_object('wifi4Network', repeat('é', 17)) where id = $1`, [property]),
      ),
    ).rejects.toMatchObject({ code: '23514', message: 'hotel.wifi4Network can be at most 32 bytes.', detail: 'hotel.wifi4Network' });

    await as(db, user(host), (client) =>
      client.query(`select public.update_rooms($1, '{"hotel.wifi4Network": "Mar-Garden", "hotel.wifi4Place": "Garden"}')`, [
        [rooms.inheriting, rooms.withoutWifi],
      ]),
    );
    const original = await guidesOf(db, rooms, null);
    expect(original.withoutWifi.hotel).toMatchObject({ wifi4Network: 'Mar-Garden', wifi4Place: 'Garden' });
    expect(original.ownNetwork.hotel.wifi4Network).toBeNull();
  });
});
