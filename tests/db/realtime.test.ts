/**
 * The database side of Realtime (docs/realtime.md §5): the realtime_publication migration on rows made the old way,
 * and the local service's functions that let PostgreSQL decide who sees a change: row-level security with each
 * subscriber's claims on live rows, the select policies on deleted rows, and filters compared in the column's type.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local-stack/db/index.ts';
import {
  anon,
  claimsFor,
  createProperty,
  createRoom,
  createUser,
  databaseBefore,
  insertOldHost,
  insertOldProperty,
  insertOldRooms,
  scratchDatabases,
  scratchPool,
  serviceRole,
  superuserPool,
  user,
} from './support.ts';

const migration = '20261127085858';
const watched = ['properties', 'qr_codes', 'scan_day_parts', 'subscriptions', 'users'];

const pool = superuserPool(4);
const scratchDatabase = scratchDatabases(pool);

describe('the realtime_publication migration on rows made the old way', () => {
  let db: pg.Pool;
  const host = { id: randomUUID(), property: randomUUID(), rooms: [randomUUID(), randomUUID()] };
  let before: Record<string, unknown>[];
  const rows = async () =>
    (await db.query<{ row: Record<string, unknown> }>(`select to_jsonb(q) as row from public.qr_codes q where q.user_id = $1 order by q.id`, [host.id])).rows
      .concat((await db.query<{ row: Record<string, unknown> }>(`select to_jsonb(p) as row from public.properties p where p.user_id = $1`, [host.id])).rows)
      .map(({ row }) => row);

  beforeAll(async () => {
    db = scratchPool(await databaseBefore(scratchDatabase, migration), 2);
    await insertOldHost(db, host.id, 2);
    await insertOldProperty(db, { id: host.property, user_id: host.id, name: 'Old Hotel' });
    await insertOldRooms(db, host.rooms, { user_id: host.id, property_id: host.property });
    before = await rows();
    const applied = await prepareDatabase(db.options.connectionString!, { seed: false });
    expect(applied.appliedMigrations[0]).toBe(migration);
  });

  afterAll(() => db?.end());

  it('leaves every row as it was', async () => {
    // The columns rows had before; later migrations (applied here too) add their own.
    const after = (await rows()).map((row, index) => Object.fromEntries(Object.keys(before[index]).map((column) => [column, row[column]])));
    expect(after).toEqual(before);
  });

  it('publishes the watched tables with their whole old rows', async () => {
    const published = await db.query<{ tablename: string }>(
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by tablename`,
    );
    // Later migrations add their own tables (guest_requests); these five are this migration's.
    expect(published.rows.map((row) => row.tablename)).toEqual(expect.arrayContaining(watched));
    const identity = await db.query<{ relname: string; relreplident: string }>(
      `select relname, relreplident from pg_class where relnamespace = 'public'::regnamespace and relname = any($1) order by relname`,
      [watched],
    );
    expect(identity.rows.every((row) => row.relreplident === 'f')).toBe(true);
  });

  it('can run again without failing (a table already in the publication is left there)', async () => {
    const sql = await import('node:fs').then((fs) =>
      fs.readFileSync(new URL(`../../supabase/migrations/${migration}_realtime_publication.sql`, import.meta.url), 'utf8'),
    );
    await db.query(sql);
  });
});

describe('who may see a change', () => {
  let owner: string;
  let other: string;
  let property: string;
  let room: string;
  let roomRecord: Record<string, unknown>;

  beforeAll(async () => {
    [owner, other] = [await createUser(pool, { roomLimit: 3 }), await createUser(pool, { roomLimit: 3 })];
    property = await createProperty(pool, owner, 'Realtime Hotel');
    room = await createRoom(pool, owner, property, '101');
    roomRecord = (await pool.query<{ row: Record<string, unknown> }>(`select to_jsonb(q) as row from public.qr_codes q where id = $1`, [room])).rows[0]!.row;
  });

  /** Owner, another host, a guest, the service role, and a role the API can never act as. */
  const claims = () => [claimsFor(user(owner)), claimsFor(user(other)), claimsFor(anon), claimsFor(serviceRole), JSON.stringify({ role: 'postgres' })];

  it('checks live rows with each subscriber’s claims: the owner and the service role, nobody else, and never a role the API cannot take', async () => {
    const { rows } = await pool.query<{ claims_index: number; key_index: number }>(
      `select * from realtime.local_visible_rows('public.qr_codes'::regclass, $1, $2::jsonb[]) order by claims_index`,
      [JSON.stringify([{ id: room }, { id: randomUUID() }]), claims()],
    );
    expect(rows).toEqual([
      { claims_index: 0, key_index: 0 },
      { claims_index: 3, key_index: 0 },
    ]);
    // The role and claims were local to the call.
    expect((await pool.query(`select current_user as role, current_setting('request.jwt.claims', true) as claims`)).rows[0]).toEqual({
      role: 'postgres',
      claims: '',
    });
  });

  it('checks a deleted row with the select policies on the old row', async () => {
    const { rows } = await pool.query<{ claims_index: number; record_index: number }>(
      `select * from realtime.local_visible_old_rows('public.qr_codes'::regclass, $1, $2::jsonb[]) order by claims_index`,
      [JSON.stringify([roomRecord, { ...roomRecord, id: randomUUID(), property_id: randomUUID() }]), claims()],
    );
    expect(rows).toEqual([
      { claims_index: 0, record_index: 0 },
      { claims_index: 3, record_index: 0 },
      { claims_index: 3, record_index: 1 },
    ]);
  });

  it('compares filters in the column’s type; a null value passes; not. negates', async () => {
    const records = [
      { ...roomRecord, room_number: '101', template: null },
      { ...roomRecord, room_number: '9', template: 'luxury' },
    ];
    const filters = [
      [['property_id', 'eq', property, false]],
      [['room_number', 'in', '{"9","10"}', false]],
      [['created_at', 'gt', '2000-01-01T00:00:00Z', false]],
      [['template', 'eq', 'luxury', false]],
      [['room_number', 'eq', '101', true]],
      [['property_id', 'neq', property, false]],
    ];
    const { rows } = await pool.query<{ filter_index: number; record_index: number }>(
      `select * from realtime.local_filter_rows('public.qr_codes'::regclass, $1, $2) order by filter_index, record_index`,
      [JSON.stringify(records), JSON.stringify(filters)],
    );
    expect(rows.map((row) => [row.filter_index, row.record_index])).toEqual([
      [0, 0],
      [0, 1],
      [1, 1],
      [2, 0],
      [2, 1],
      [3, 0],
      [3, 1],
      [4, 1],
    ]);
  });

  it('refuses a filter on an unknown column or with a value of another type', async () => {
    await expect(
      pool.query(`select * from realtime.local_filter_rows('public.qr_codes'::regclass, '[]', $1)`, [JSON.stringify([[['nope', 'eq', '1', false]]])]),
    ).rejects.toMatchObject({ code: '42703' });
    await expect(
      pool.query(`select * from realtime.local_filter_rows('public.qr_codes'::regclass, '[]', $1)`, [JSON.stringify([[['created_at', 'gt', 'soon', false]]])]),
    ).rejects.toMatchObject({ code: '22007' });
  });
});
