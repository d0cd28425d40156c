/**
 * Helpers for the database tests: a superuser pool on the test database, users created the way GoTrue creates
 * them (a row in auth.users; the trigger makes the profile), and running SQL as an API role the way PostgREST
 * does it: one transaction with `role` and `request.jwt.claims` set transaction-locally.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { listMigrations, prepareDatabase } from '../../local-stack/db/index.ts';
import { guideFields } from '../../src/lib/guide-fields.ts';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** Who runs a statement: a role plus, for `authenticated`, the user id the JWT carries. */
export interface Caller {
  role: ApiRole;
  userId?: string;
}

export const anon: Caller = { role: 'anon' };
export const serviceRole: Caller = { role: 'service_role' };
export const user = (userId: string): Caller => ({ role: 'authenticated', userId });

/** A superuser pool for the current test file, closed after the file. */
export function superuserPool(max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: inject('dbUrl'), max });
  afterAll(async () => {
    await pool.end();
  });
  return pool;
}

export function claimsFor(caller: Caller): string {
  return JSON.stringify(caller.userId ? { sub: caller.userId, role: caller.role, aud: 'authenticated' } : { role: caller.role });
}

/** PostgREST's per-request prelude: transaction-local role and claims. */
export async function impersonate(client: pg.ClientBase, caller: Caller): Promise<void> {
  await client.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [caller.role, claimsFor(caller)]);
}

/**
 * Runs `work` in one transaction as `caller` and commits (or rolls back on error, rethrowing it).
 * `rollback: true` always rolls back, for probes that must leave no trace.
 */
export async function as<T>(pool: pg.Pool, caller: Caller, work: (client: pg.PoolClient) => Promise<T>, options: { rollback?: boolean } = {}): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await impersonate(client, caller);
    const result = await work(client);
    await client.query(options.rollback ? 'rollback' : 'commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** One statement as `caller`, in its own transaction. */
export function queryAs<R extends pg.QueryResultRow = pg.QueryResultRow>(
  pool: pg.Pool,
  caller: Caller,
  sql: string,
  params: unknown[] = [],
  options: { rollback?: boolean } = {},
): Promise<pg.QueryResult<R>> {
  return as(pool, caller, (client) => client.query<R>(sql, params), options);
}

/** The error a promise rejects with (fails the test when it resolves instead). */
export async function failure(promise: Promise<unknown>): Promise<pg.DatabaseError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof pg.DatabaseError) return error;
    throw error;
  }
  throw new Error('expected the statement to fail, but it succeeded');
}

/** Creates an auth user as GoTrue would; the auth.users trigger creates the public.users row. */
export async function createUser(pool: pg.Pool, options: { roomLimit?: number } = {}): Promise<string> {
  const id = randomUUID();
  await pool.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(),
       '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
    [id, `user-${id}@example.test`],
  );
  if (options.roomLimit !== undefined) {
    await pool.query('update public.users set qr_code_limit = $2 where id = $1', [id, options.roomLimit]);
  }
  return id;
}

export async function createProperty(pool: pg.Pool, userId: string, name = 'Test Hotel'): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(`insert into public.properties (user_id, name, type) values ($1, $2, 'hotel') returning id`, [
    userId,
    name,
  ]);
  return rows[0].id;
}

/** Inserts a QR code as the superuser (the quota trigger still applies). */
export async function createRoom(pool: pg.Pool, userId: string, propertyId: string, roomNumber = '101'): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into public.qr_codes (user_id, property_id, name, room_number, content)
     values ($1, $2, $3, $4, '{"wifi": {"network": "Guests", "password": "secret-pass"}}') returning id`,
    [userId, propertyId, `Room ${roomNumber}`, roomNumber],
  );
  return rows[0].id;
}

export async function usage(pool: pg.Pool, userId: string): Promise<{ created: number; limit: number }> {
  const { rows } = await pool.query<{ created: number; limit: number }>(
    'select qr_codes_created as created, qr_code_limit as "limit" from public.users where id = $1',
    [userId],
  );
  return rows[0];
}

/**
 * New, empty databases in the test cluster (roles are shared, schemas are not), dropped after the file. Returns
 * the function that makes one and answers its superuser URL.
 */
export function scratchDatabases(pool: pg.Pool): () => Promise<string> {
  const created: string[] = [];
  afterAll(async () => {
    for (const name of created) await pool.query(`drop database if exists ${name} with (force)`);
  });
  return async () => {
    const name = `scratch_${randomUUID().slice(0, 8)}`;
    await pool.query(`create database ${name}`);
    created.push(name);
    const url = new URL(inject('dbUrl'));
    url.pathname = `/${name}`;
    return url.toString();
  };
}

/**
 * A scratch database with every migration older than `version` applied (no seed), for a migration's test on rows
 * made the old way; `prepareDatabase(url)` then applies the rest.
 */
export async function databaseBefore(scratchDatabase: () => Promise<string>, version: string): Promise<string> {
  const url = await scratchDatabase();
  const before = await fs.mkdtemp(path.join(os.tmpdir(), `roomguide-before-${version}-`));
  try {
    for (const migration of await listMigrations()) {
      if (migration.version < version) await fs.copyFile(migration.file, path.join(before, path.basename(migration.file)));
    }
    await prepareDatabase(url, { migrationsDir: before, seed: false });
  } finally {
    await fs.rm(before, { recursive: true, force: true });
  }
  return url;
}

/**
 * A pool on a scratch database; the caller ends it. The database is dropped WITH (FORCE) after the file, and a
 * backend still closing then reports its termination: expected, so it must not count as an uncaught error.
 */
export function scratchPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Rows made the old way, for a migration's test on a scratch database at an earlier migration (`databaseBefore`).
 * The schema there is that era's, so these write only the columns the test passes (and a room's name), each test
 * passing the columns its era had: a column added later would fail the insert, and a later default must not be
 * taken for granted. Values go in as parameters, as pg sends them (an object as JSON).
 */
export type OldColumns = Record<string, unknown>;

async function insertColumns(db: pg.Pool, table: string, columns: OldColumns): Promise<string> {
  const names = Object.keys(columns);
  const { rows } = await db.query<{ id: string }>(
    `insert into public.${pg.escapeIdentifier(table)} (${names.map((name) => pg.escapeIdentifier(name)).join(', ')})
     values (${names.map((_, index) => `$${index + 1}`).join(', ')}) returning id`,
    Object.values(columns),
  );
  return rows[0].id;
}

/**
 * A host: the auth.users row, from which that era's trigger makes the public.users row, then the room allowance the
 * test's rooms need (that era's quota trigger counts them).
 */
export async function insertOldHost(db: pg.Pool, id: string, roomLimit: number): Promise<void> {
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(), now())`,
    [id, `${id}@example.test`],
  );
  await db.query('update public.users set qr_code_limit = $2 where id = $1', [id, roomLimit]);
}

/** A property with just `columns` (see `OldColumns`); answers its id. */
export function insertOldProperty(db: pg.Pool, columns: OldColumns & { user_id: string; name: string }): Promise<string> {
  return insertColumns(db, 'properties', columns);
}

/** A room (a qr_codes row) named `Room <room_number>` as the app named them, with just `columns`; answers its id. */
export function insertOldRoom(db: pg.Pool, columns: OldColumns & { user_id: string; property_id: string; room_number: string }): Promise<string> {
  return insertColumns(db, 'qr_codes', { name: `Room ${columns.room_number}`, ...columns });
}

/** Rooms 101, 102, … (one per id, in order), each with the same other `columns`. */
export async function insertOldRooms(db: pg.Pool, ids: string[], columns: OldColumns & { user_id: string; property_id: string }): Promise<void> {
  for (const [index, id] of ids.entries()) await insertOldRoom(db, { id, room_number: String(101 + index), ...columns });
}

/** One query on its own connection to `url` (a scratch database). */
export async function queryOnce<R extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Runs each statement as `caller` (or as `caller[i]`, one per statement) in its own transaction on its own connection, all at once: every transaction is
 * opened first, so the statements really race instead of running one after another. Each commits on success and
 * rolls back on error; the results are in statement order.
 */
export async function race(caller: Caller | Caller[], statements: [sql: string, params: unknown[]][]): Promise<PromiseSettledResult<void>[]> {
  const clients = statements.map(() => new pg.Client({ connectionString: inject('dbUrl') }));
  await Promise.all(clients.map((client) => client.connect()));
  try {
    await Promise.all(
      clients.map(async (client, index) => {
        await client.query('begin');
        await impersonate(client, Array.isArray(caller) ? caller[index] : caller);
      }),
    );
    return await Promise.allSettled(
      clients.map(async (client, index) => {
        try {
          await client.query(...statements[index]);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/**
 * What get_guide answers besides the room's guide since the guest_requests migration, for a property that takes no
 * requests and has no notices (every property made before it, and a new one): requests off with every type, no
 * notices. Migration tests on older rows expect these keys on top of the guide they read before.
 */
export const defaultGuestExtras = {
  requests: { enabled: false, types: ['towels', 'housekeeping', 'maintenance', 'late_checkout', 'other'] },
  notices: [],
} as const;

/** get_guide's `hotel` object: every hotel field of the guide's field list, null unless `values` gives it. */
export function guideHotel(values: Record<string, unknown> = {}): Record<string, unknown> {
  const fields = guideFields.filter((field) => field.path.startsWith('hotel.'));
  return { ...Object.fromEntries(fields.map((field) => [field.path.slice('hotel.'.length), null])), ...values };
}

/** A guide as get_guide answers it, with its hotel object (what the migration tests compare). */
export type GuideAnswer = { hotel: Record<string, unknown>; [key: string]: unknown };

/** Each named room's guide, in `language` (null: the original), as get_guide answers it. */
export async function guidesOf<Name extends string>(db: pg.Pool, rooms: Record<Name, string>, language: string | null): Promise<Record<Name, GuideAnswer>> {
  const entries = await Promise.all(
    Object.entries<string>(rooms).map(async ([name, id]) => {
      const { rows } = await db.query<{ guide: GuideAnswer }>('select public.get_guide($1, $2) as guide', [id, language]);
      return [name, rows[0].guide] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Name, GuideAnswer>;
}

/** The translation status of a property and of each of its rooms (`translation_status` of each row). */
export async function translationStatuses(db: pg.Pool, propertyId: string): Promise<unknown[]> {
  const { rows } = await db.query(
    `select public.translation_status(p) as status from public.properties p where p.id = $1
     union all
     select public.translation_status(q) from public.qr_codes q where q.property_id = $1`,
    [propertyId],
  );
  return rows;
}

/**
 * A guide read before the hotel_information migration as get_guide answers it since: the hotel fields it added, empty
 * (a guide read after it is unchanged).
 */
export function withHotelFields<T extends { hotel?: unknown }>(guide: T): T {
  const hotel = typeof guide.hotel === 'object' && guide.hotel !== null ? (guide.hotel as Record<string, unknown>) : {};
  return { ...guide, hotel: guideHotel(hotel) };
}

/** get_guide's answer as the hosts' `guide` computed field gives it: the room's guide, without the guest-only extras. */
export function withoutGuestExtras<T extends object>(guide: T): Omit<T, 'requests' | 'notices'> {
  const { requests: _requests, notices: _notices, ...rest } = guide as T & { requests?: unknown; notices?: unknown };
  return rest;
}
