/**
 * The teams migration on rows made the old way: two hosts with properties, rooms (one with its own WiFi), scans,
 * translations, a subscription and a room limit, made on a scratch database before the migration. After it each
 * host owns a team of their own that holds all their properties; their guides read the same, they read the same
 * rows, and their quota, plan and subscription are unchanged; nothing is stamped as updated, and nobody sees the
 * other host's rows.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local-stack/db/index.ts';
import {
  as,
  databaseBefore,
  insertOldHost,
  insertOldProperty,
  insertOldRooms,
  scratchDatabases,
  scratchPool,
  superuserPool,
  user,
  withHotelFields,
  withoutGuestExtras,
} from './support.ts';

const migration = '20261127030413';

const pool = superuserPool(2);
const scratchDatabase = scratchDatabases(pool);
let db: pg.Pool;

const hosts = [
  { id: randomUUID(), property: randomUUID(), rooms: [randomUUID(), randomUUID()] },
  { id: randomUUID(), property: randomUUID(), rooms: [randomUUID()] },
];

interface Snapshot {
  guides: unknown[];
  properties: unknown[];
  rooms: unknown[];
  scans: unknown[];
  profile: unknown[];
  subscription: unknown[];
}

/** What a host and their guests see: every guide (with translations), and the host's rows as the API reads them. */
async function snapshot(host: (typeof hosts)[number]): Promise<Snapshot> {
  const guides: unknown[] = [];
  // The guide itself: the keys later migrations add (requests, notices; the hotel fields) are not the teams migration's.
  for (const room of host.rooms) {
    guides.push(withHotelFields(withoutGuestExtras((await db.query('select public.get_guide($1, $2) as guide', [room, 'es'])).rows[0].guide)));
  }
  return as(db, user(host.id), async (client) => ({
    guides,
    properties: (await client.query('select id, name, user_id, hotel, area, content, translations, updated_at from public.properties order by id')).rows,
    rooms: (await client.query('select id, name, room_number, user_id, content, translations, updated_at from public.qr_codes order by id')).rows,
    scans: (await client.query('select qr_code_id, day, scans from public.scan_days order by qr_code_id, day')).rows,
    profile: (await client.query('select id, qr_codes_created, qr_code_limit, public.plan(u) as plan from public.users u')).rows,
    subscription: (await client.query('select user_id, status, quantity from public.subscriptions')).rows,
  }));
}

const before = new Map<string, Snapshot>();

beforeAll(async () => {
  db = scratchPool(await databaseBefore(scratchDatabase, migration), 4);
  for (const [index, host] of hosts.entries()) {
    await insertOldHost(db, host.id, 5);
    await insertOldProperty(db, {
      id: host.property,
      user_id: host.id,
      name: `Hotel ${index}`,
      hotel: { name: `Hotel ${index}`, phone: '+34 900 000 000', description: 'Breakfast from 7.' },
      area: { location: 'Old town', activities: ['Market'] },
      content: { wifi: { network: 'Guests', password: 'shared-pass' } },
      translations: { es: { 'hotel.description': { text: 'Desayuno desde las 7.', source: 'host' } } },
    });
    await insertOldRooms(db, host.rooms, { user_id: host.id, property_id: host.property });
    await db.query(`update public.qr_codes set content = '{"wifi": {"password": "own-pass"}}' where id = $1`, [host.rooms[0]]);
    await db.query(`insert into public.scan_day_parts (qr_code_id, day, part, user_id, scans) values ($1, '2026-11-01', 0, $2, 7)`, [host.rooms[0], host.id]);
    await db.query(`insert into public.subscriptions (user_id, status, quantity, price_id) values ($1, 'active', 5, 'price_local_monthly')`, [host.id]);
  }
  for (const host of hosts) before.set(host.id, await snapshot(host));
  const applied = await prepareDatabase(db.options.connectionString!, { seed: false });
  expect(applied.appliedMigrations[0]).toBe(migration);
});

afterAll(async () => {
  await db?.end();
});

describe('the teams migration on rows made the old way', () => {
  it('makes each host the owner of a team of their own that holds all their properties', async () => {
    for (const host of hosts) {
      const { rows } = await db.query<{ role: string; property_ids: string[] | null; properties: string[] }>(
        `select m.role, m.property_ids, array(select p.id::text from public.properties p where p.team_id = t.id order by p.id) as properties
           from public.teams t join public.team_members m on m.team_id = t.id
          where t.account_user_id = $1`,
        [host.id],
      );
      expect(rows).toEqual([{ role: 'owner', property_ids: null, properties: [host.property] }]);
    }
  });

  it('leaves every guide, row, scan, quota, plan and subscription as it was, and stamps nothing as updated', async () => {
    for (const host of hosts) expect(await snapshot(host)).toEqual(before.get(host.id));
    const [first, second] = before.get(hosts[0].id)!.guides as { wifi?: unknown; hotel: { description: string } }[];
    expect(first.hotel.description).toBe('Desayuno desde las 7.');
    expect(first).not.toEqual(second);
  });

  it('names the host as who last changed each of their properties and rooms (migration team_workspace)', async () => {
    for (const host of hosts) {
      const properties = await db.query<{ updated_by: string }>('select updated_by from public.properties where user_id = $1', [host.id]);
      const rooms = await db.query<{ updated_by: string }>('select updated_by from public.qr_codes where user_id = $1', [host.id]);
      expect([...properties.rows, ...rooms.rows]).toEqual(Array.from({ length: 1 + host.rooms.length }, () => ({ updated_by: host.id })));
    }
  });

  it('lets the owner add a room to their property on their own quota, and shows nothing to the other host', async () => {
    const [host, other] = hosts;
    const { rows } = await as(
      db,
      user(host.id),
      (client) =>
        client.query<{ user_id: string }>(`insert into public.qr_codes (property_id, name, room_number) values ($1, 'Room 103', '103') returning user_id`, [
          host.property,
        ]),
      { rollback: true },
    );
    expect(rows).toEqual([{ user_id: host.id }]);
    const seen = await as(db, user(other.id), (client) => client.query('select id from public.qr_codes where property_id = $1', [host.property]));
    expect(seen.rowCount).toBe(0);
  });
});
