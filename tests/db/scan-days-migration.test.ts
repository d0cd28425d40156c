/**
 * The scan_days migration on rooms counted the old way: a scratch database gets every migration before it, rooms
 * are scanned through the old record_scan(qr_id) (which updated qr_codes.scan_count and scan_history) or given the
 * odd counts only the service role could write, then the migration runs. Every room keeps its total, its days
 * and its last scan time, read through the same qr_codes fields as before.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../local-stack/db/index.ts';
import { databaseBefore, insertOldHost, insertOldProperty, insertOldRooms, scratchDatabases, scratchPool, superuserPool } from './support.ts';

const scanDaysMigration = '20261122234933';

const pool = superuserPool(2);
const scratchDatabase = scratchDatabases(pool);
let db: pg.Pool;
let today: string;
const owner = randomUUID();
const propertyId = randomUUID();

/** Rooms by what their old statistics look like. */
const room = {
  scanned: randomUUID(),
  never: randomUUID(),
  countAboveHistory: randomUUID(),
  oddHistory: randomUUID(),
  historyAboveCount: randomUUID(),
  lastScanOffHistory: randomUUID(),
};
const updatedAtBefore = new Map<string, string>();

/** Old statistics written directly, as only the service role could: (count, history, last scan). */
const written: Record<string, [number, object, string | null]> = {
  [room.countAboveHistory]: [12, { '2026-01-05': 5 }, '2026-02-03T10:00:00Z'],
  [room.oddHistory]: [12, { 'not-a-day': 4, '2026-02-30': 2, '2026-01-07': '3', '2026-01-08': 1.5, '2026-01-09': 2, '2026-01-10': 0 }, null],
  [room.historyAboveCount]: [3, { '2026-01-01': 5 }, '2026-01-01T12:00:00Z'],
  [room.lastScanOffHistory]: [2, { '2026-01-01': 2 }, '2026-01-03T08:00:00Z'],
};

beforeAll(async () => {
  const url = await databaseBefore(scratchDatabase, scanDaysMigration);
  db = scratchPool(url, 4);
  await insertOldHost(db, owner, 100);
  await insertOldProperty(db, { id: propertyId, user_id: owner, name: 'Old Hotel' });
  await insertOldRooms(db, Object.values(room), { user_id: owner, property_id: propertyId, created_at: '2025-12-24T09:00:00Z' });

  // The old app's way: an earlier day, then scans through the old record_scan, some of them at once.
  await db.query(`update public.qr_codes set scan_count = 7, scan_history = '{"2020-01-01": 7}' where id = $1`, [room.scanned]);
  await Promise.all(Array.from({ length: 25 }, () => db.query('select public.record_scan($1)', [room.scanned])));
  for (const [id, [count, history, last]] of Object.entries(written)) {
    await db.query('update public.qr_codes set scan_count = $2, scan_history = $3, last_scanned_at = $4 where id = $1', [id, count, history, last]);
  }
  today = (await db.query<{ today: string }>(`select to_char(now() at time zone 'utc', 'YYYY-MM-DD') as today`)).rows[0].today;
  for (const row of (await db.query<{ id: string; updated_at: string }>('select id, updated_at::text from public.qr_codes')).rows) {
    updatedAtBefore.set(row.id, row.updated_at);
  }

  const applied = await prepareDatabase(url, { seed: false });
  expect(applied.appliedMigrations[0]).toBe(scanDaysMigration);
});

afterAll(async () => {
  await db?.end();
});

interface Statistics {
  scan_count: number;
  scan_history: Record<string, number>;
  last_scanned_at: string | null;
}

async function statistics(id: string): Promise<Statistics> {
  const { rows } = await db.query<Statistics>(
    `select q.scan_count, q.scan_history, to_char(q.last_scanned_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_scanned_at
     from public.qr_codes q where q.id = $1`,
    [id],
  );
  return rows[0];
}

describe('the scan_days migration on rooms counted the old way', () => {
  it('keeps the days and the total of rooms scanned through the old record_scan', async () => {
    const after = await statistics(room.scanned);
    expect(after.scan_history).toEqual({ '2020-01-01': 7, [today]: 25 });
    expect(after.scan_count).toBe(32);
    expect(after.last_scanned_at?.slice(0, 10)).toBe(today);
  });

  it('keeps a never-scanned room at 0 with no days', async () => {
    expect(await statistics(room.never)).toEqual({ scan_count: 0, scan_history: {}, last_scanned_at: null });
  });

  it('keeps a count above its history: the difference goes to the day of the last scan', async () => {
    expect(await statistics(room.countAboveHistory)).toEqual({
      scan_count: 12,
      scan_history: { '2026-01-05': 5, '2026-02-03': 7 },
      last_scanned_at: '2026-02-03T10:00:00Z',
    });
  });

  it('moves only real days with whole positive counts; the rest of the count goes to the day the room was created', async () => {
    expect(await statistics(room.oddHistory)).toEqual({
      scan_count: 12,
      scan_history: { '2026-01-09': 2, '2025-12-24': 10 },
      last_scanned_at: null,
    });
  });

  it('keeps every day of a history larger than its count (the days are the record)', async () => {
    expect(await statistics(room.historyAboveCount)).toEqual({ scan_count: 5, scan_history: { '2026-01-01': 5 }, last_scanned_at: '2026-01-01T12:00:00Z' });
  });

  it('keeps a last scan time whose day the history lacks', async () => {
    expect(await statistics(room.lastScanOffHistory)).toEqual({ scan_count: 2, scan_history: { '2026-01-01': 2 }, last_scanned_at: '2026-01-03T08:00:00Z' });
  });

  it('sums to the same grand total, leaves the rooms’ updated_at alone and drops the old columns', async () => {
    const { rows } = await db.query<{ total: number }>('select sum(scans)::integer as total from public.scan_days');
    expect(rows[0].total).toBe(32 + 12 + 12 + 5 + 2);
    for (const row of (await db.query<{ id: string; updated_at: string }>('select id, updated_at::text from public.qr_codes')).rows) {
      expect(row.updated_at).toBe(updatedAtBefore.get(row.id));
    }
    const columns = await db.query(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = 'qr_codes' and column_name like '%scan%'`,
    );
    expect(columns.rows).toEqual([]);
  });

  it('keeps counting migrated rooms through record_scan(qr_id), the call old pages make', async () => {
    await db.query('select public.record_scan($1)', [room.countAboveHistory]);
    const after = await statistics(room.countAboveHistory);
    expect(after.scan_count).toBe(13);
    expect(after.scan_history[today]).toBe(1);
  });
});
