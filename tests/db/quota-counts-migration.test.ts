/**
 * The quota_counts_existing_rooms migration on counters that drifted the old way: before it, the quota trigger
 * counted insert attempts, so a room re-sent with `on conflict do nothing` raised the counter although no room was
 * added. A scratch database gets every migration before it, hosts make rooms and re-send them as PostgREST's
 * ignore-duplicates does, then the migration runs: every counter equals the rooms its host has, the freed slots can
 * be used, the limit still holds, and re-sends no longer count.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local-stack/db/index.ts';
import { as, databaseBefore, insertOldHost, insertOldProperty, insertOldRooms, scratchDatabases, scratchPool, superuserPool, user } from './support.ts';

const migration = '20261126203624';

const pool = superuserPool(2);
const scratchDatabase = scratchDatabases(pool);
let db: pg.Pool;

const drifted = { id: randomUUID(), property: randomUUID(), rooms: [randomUUID(), randomUUID()] };
const exact = { id: randomUUID(), property: randomUUID(), rooms: [randomUUID()] };

async function counters(): Promise<Record<string, { created: number; rooms: number }>> {
  const { rows } = await db.query<{ id: string; created: number; rooms: number }>(
    `select u.id, u.qr_codes_created as created, (select count(*)::integer from public.qr_codes q where q.user_id = u.id) as rooms
       from public.users u where u.id = any($1)`,
    [[drifted.id, exact.id]],
  );
  return Object.fromEntries(rows.map((row) => [row.id, { created: row.created, rooms: row.rooms }]));
}

function resend(owner: string, propertyId: string, roomId: string): Promise<pg.QueryResult> {
  return as(db, user(owner), (client) =>
    client.query(`insert into public.qr_codes (id, property_id, name, room_number) values ($1, $2, 'Again', '999') on conflict (id) do nothing`, [
      roomId,
      propertyId,
    ]),
  );
}

let before: Record<string, { created: number; rooms: number }>;

beforeAll(async () => {
  db = scratchPool(await databaseBefore(scratchDatabase, migration), 4);
  await insertOldHost(db, drifted.id, 4);
  await insertOldProperty(db, { id: drifted.property, user_id: drifted.id, name: 'Drifted Hotel' });
  await insertOldRooms(db, drifted.rooms, { user_id: drifted.id, property_id: drifted.property });
  for (let attempt = 0; attempt < 2; attempt++) expect((await resend(drifted.id, drifted.property, drifted.rooms[0]!)).rowCount).toBe(0);
  await insertOldHost(db, exact.id, 1);
  await insertOldProperty(db, { id: exact.property, user_id: exact.id, name: 'Exact Hotel' });
  await insertOldRooms(db, exact.rooms, { user_id: exact.id, property_id: exact.property });
  before = await counters();
  const applied = await prepareDatabase(db.options.connectionString!, { seed: false });
  expect(applied.appliedMigrations[0]).toBe(migration);
});

afterAll(async () => {
  await db?.end();
});

describe('the quota_counts_existing_rooms migration on counters made the old way', () => {
  it('had counted the re-sends as rooms', () => {
    expect(before).toEqual({ [drifted.id]: { created: 4, rooms: 2 }, [exact.id]: { created: 1, rooms: 1 } });
  });

  it('sets every counter to the rooms its host has', async () => {
    expect(await counters()).toEqual({ [drifted.id]: { created: 2, rooms: 2 }, [exact.id]: { created: 1, rooms: 1 } });
  });

  it('gives back the slots the re-sends took, and still refuses past the limit', async () => {
    const add = (room: string) =>
      as(db, user(drifted.id), (client) =>
        client.query(`insert into public.qr_codes (property_id, name, room_number) values ($1, $2, $3)`, [drifted.property, `Room ${room}`, room]),
      );
    await add('201');
    await add('202');
    await expect(add('203')).rejects.toMatchObject({ code: 'QUOTA' });
    expect((await counters())[drifted.id]).toEqual({ created: 4, rooms: 4 });
  });

  it('no longer counts a re-sent room', async () => {
    expect((await resend(exact.id, exact.property, exact.rooms[0]!)).rowCount).toBe(0);
    expect((await counters())[exact.id]).toEqual({ created: 1, rooms: 1 });
  });
});
