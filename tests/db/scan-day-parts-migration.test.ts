/**
 * The scan_day_parts migration on scans counted the old way: a scratch database gets every migration before it,
 * rooms are scanned through the old record_scan (a note per scan, counted into the scan_days table by a trigger at
 * commit), some concurrently, some at chosen times across midnight UTC, and one day is written as the scan_history
 * migration left it (no time); the rate limit's counters are filled. Then the migration runs. Every room keeps its
 * days, counts and last scan times (read through scan_days, the computed fields and scan_stats), the rows are part 0
 * of scan_day_parts, the counters still refuse what they refused, and new scans add to the same days.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local-stack/db/index.ts';
import {
  anon,
  as,
  databaseBefore,
  insertOldHost,
  insertOldProperty,
  insertOldRoom,
  insertOldRooms,
  scratchDatabases,
  scratchPool,
  superuserPool,
  user,
} from './support.ts';

const partsMigration = '20261125222454';

const pool = superuserPool(2);
const scratchDatabase = scratchDatabases(pool);
let db: pg.Pool;

const owner = randomUUID();
const propertyId = randomUUID();
const room = { busy: randomUUID(), midnight: randomUUID(), migrated: randomUUID(), never: randomUUID(), limited: randomUUID() };
const T0 = '2026-05-01T10:00:00Z';
const limitedToken = randomUUID();

interface Snapshot {
  days: unknown[];
  computed: unknown[];
  stats: unknown[];
}

/** Everything a reader sees of the scans: the days, qr_codes' computed fields, and scan_stats as the host. */
async function snapshot(): Promise<Snapshot> {
  const days = await db.query(
    `select qr_code_id, to_char(day, 'YYYY-MM-DD') as day, user_id, scans, last_scanned_at from public.scan_days order by qr_code_id, day`,
  );
  const computed = await db.query('select q.id, q.scan_count, q.scan_history, q.last_scanned_at from public.qr_codes q order by q.id');
  const stats = await as(db, user(owner), async (client) => [
    ...(await client.query(`select * from public.scan_stats('2026-03-01', '2026-03-31')`)).rows,
    ...(await client.query(`select * from public.scan_stats((now() at time zone 'utc')::date - 6, (now() at time zone 'utc')::date)`)).rows,
  ]);
  return { days: days.rows, computed: computed.rows, stats };
}

/** record_scan() as PostgREST calls it for a guest the gateway forwarded from `address`. */
function scanThroughApi(roomId: string, address: string, deviceToken: string | null = randomUUID()): Promise<unknown> {
  return as(db, anon, async (client) => {
    await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': address })]);
    return client.query('select public.record_scan($1, $2)', [roomId, deviceToken]);
  });
}

/** A scan at a chosen time through private.record_scan_at; 'counted' or the refusal's detail. */
async function scanAt(roomId: string, at: string, address: string, deviceToken: string | null = randomUUID()): Promise<string> {
  try {
    await db.query('select private.record_scan_at($1, $2, $3, $4)', [roomId, deviceToken, address, at]);
    return 'counted';
  } catch (error) {
    const { code, detail } = error as { code?: string; detail?: string };
    if (code !== 'PT429') throw error;
    return detail ?? '';
  }
}

let before: Snapshot;
let notesBefore: number;

beforeAll(async () => {
  const url = await databaseBefore(scratchDatabase, partsMigration);
  db = scratchPool(url, 12);
  await insertOldHost(db, owner, 100);
  await insertOldProperty(db, { id: propertyId, user_id: owner, name: 'Old Hotel' });
  await insertOldRooms(db, Object.values(room), { user_id: owner, property_id: propertyId });

  // The old way: guests scanning through record_scan at once, each from their own address ...
  await Promise.all(Array.from({ length: 40 }, (_, i) => scanThroughApi(room.busy, `198.51.100.${i + 1}`)));
  // ... scans on both sides of a midnight UTC ...
  for (let i = 0; i < 3; i++) expect(await scanAt(room.midnight, `2026-03-28T23:59:5${i}Z`, `203.0.113.${i + 1}`)).toBe('counted');
  for (let i = 0; i < 2; i++) expect(await scanAt(room.midnight, `2026-03-29T00:00:0${i}Z`, `203.0.113.${i + 11}`)).toBe('counted');
  // ... a day as the scan_history migration left it (no time) ...
  await db.query(`insert into public.scan_days (qr_code_id, day, user_id, scans) values ($1, '2026-03-02', $2, 9)`, [room.migrated, owner]);
  // ... and a device and an address that have had their count in the window of T0.
  expect(await scanAt(room.limited, T0, '192.0.2.77', limitedToken)).toBe('counted');
  for (let i = 0; i < 9; i++) expect(await scanAt(room.limited, T0, '192.0.2.77')).toBe('counted');
  expect(await scanAt(room.limited, T0, '192.0.2.77')).toBe('address');

  notesBefore = (await db.query('select 1 from private.scans_to_count')).rowCount ?? 0;
  before = await snapshot();

  const applied = await prepareDatabase(url, { seed: false });
  expect(applied.appliedMigrations[0]).toBe(partsMigration);
});

afterAll(async () => {
  await db?.end();
});

describe('the scan_day_parts migration on scans counted the old way', () => {
  it('had scans counted at commit, with notes of counted scans still waiting for housekeeping', () => {
    expect((before.days as { scans: number }[]).reduce((sum, row) => sum + row.scans, 0)).toBe(40 + 5 + 9 + 10);
    // Housekeeping runs at random (1 scan in 1000), and the scan running it keeps its own note.
    expect(notesBefore).toBeGreaterThan(0);
    expect(notesBefore).toBeLessThanOrEqual(40 + 5 + 10);
  });

  it('keeps every room’s days, counts and last scan times, through scan_days, the computed fields and scan_stats', async () => {
    expect(await snapshot()).toEqual(before);
    const midnight = await db.query<{ day: string; scans: number }>(
      `select to_char(day, 'YYYY-MM-DD') as day, scans from public.scan_days where qr_code_id = $1 order by day`,
      [room.midnight],
    );
    expect(midnight.rows).toEqual([
      { day: '2026-03-28', scans: 3 },
      { day: '2026-03-29', scans: 2 },
    ]);
  });

  it('keeps the rows where they were, as part 0 of each day', async () => {
    const { rows } = await db.query<{ rows: number; parts: number[]; scans: number }>(
      'select count(*)::integer as rows, array_agg(distinct part) as parts, sum(scans)::integer as scans from public.scan_day_parts',
    );
    expect(rows).toEqual([{ rows: before.days.length, parts: [0], scans: 40 + 5 + 9 + 10 }]);
  });

  it('removes the notes, their trigger and the old counters table', async () => {
    const { rows } = await db.query(
      `select to_regclass('private.scans_to_count') as notes, to_regclass('private.scan_counters') as counters,
              to_regprocedure('private.count_scan_at_commit()') as trigger_function`,
    );
    expect(rows).toEqual([{ notes: null, counters: null, trigger_function: null }]);
  });

  it('still refuses the device and the address that had their count before it', async () => {
    const later = '2026-05-01T10:01:00Z';
    expect(await scanAt(room.limited, later, '192.0.2.78', limitedToken)).toBe('device');
    expect(await scanAt(room.limited, later, '192.0.2.77')).toBe('address');
    expect(await scanAt(room.limited, later, '192.0.2.78')).toBe('counted');
  });

  it('adds new scans to the same days (a session’s own part, summed into the day)', async () => {
    const today = async () =>
      (await db.query<{ scans: number }>(`select scans from public.scan_days where qr_code_id = $1 and day = (now() at time zone 'utc')::date`, [room.busy]))
        .rows[0]?.scans;
    const before = await today();
    await Promise.all(Array.from({ length: 10 }, (_, i) => scanThroughApi(room.busy, `198.51.100.${100 + i}`)));
    expect(await today()).toBe((before ?? 0) + 10);
    expect(await scanAt(room.midnight, '2026-03-29T00:00:09Z', '203.0.113.99')).toBe('counted');
    const { rows } = await db.query<{ scans: number; last: string }>(
      `select scans, to_char(last_scanned_at at time zone 'utc', 'HH24:MI:SS') as last from public.scan_days where qr_code_id = $1 and day = '2026-03-29'`,
      [room.midnight],
    );
    expect(rows).toEqual([{ scans: 3, last: '00:00:09' }]);
  });
});

describe('the scan_day_parts migration while a guest’s scan is in flight', () => {
  it('waits for the scan to commit, counts it, and does not deadlock with it', async () => {
    const url = await databaseBefore(scratchDatabase, partsMigration);
    const database = new URL(url).pathname.slice(1);
    const other = scratchPool(url, 3);
    const guest = await other.connect();
    try {
      const roomId = randomUUID();
      const host = randomUUID();
      await insertOldHost(other, host, 1);
      const property = await insertOldProperty(other, { user_id: host, name: 'Busy' });
      await insertOldRoom(other, { id: roomId, user_id: host, property_id: property, room_number: '1' });

      // The old record_scan, as PostgREST runs it, with its transaction still open: counter taken, scan noted.
      await guest.query('begin');
      await guest.query(`select set_config('role', 'anon', true), set_config('request.headers', '{"x-forwarded-for": "192.0.2.5"}', true)`);
      await guest.query('select public.record_scan($1, $2)', [roomId, randomUUID()]);

      const migrating = prepareDatabase(url, { seed: false });
      // The migration waits for the guest's locks ...
      for (let attempt = 0; ; attempt++) {
        const { rows } = await pool.query(`select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [database]);
        if (rows.length > 0) break;
        if (attempt > 400) throw new Error('the migration never waited for the scan in flight');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // ... and the guest's commit, which counts the scan into scan_days, does not wait for the migration.
      await guest.query('commit');
      expect((await migrating).appliedMigrations[0]).toBe(partsMigration);

      const { rows } = await other.query<{ scans: number; parts: number[] }>(
        'select sum(scans)::integer as scans, array_agg(part) as parts from public.scan_day_parts where qr_code_id = $1',
        [roomId],
      );
      expect(rows).toEqual([{ scans: 1, parts: [0] }]);
    } finally {
      await guest.query('rollback').catch(() => undefined);
      guest.release();
      await other.end();
    }
  });
});
