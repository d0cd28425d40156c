/**
 * The scan_days migration on rooms counted the old way: a scratch database gets every migration before it, rooms
 * are scanned through the old record_scan(qr_id) (which updated qr_codes.scan_count and scan_history) or given the
 * odd counts only the service role could write, then the migration runs. Every room keeps its total, its days
 * and its last scan time, read through the same qr_codes fields as before.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, prepareDatabase } from '../../local-stack/db/index.ts';
import { scratchDatabases, superuserPool } from './support.ts';

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
  const url = await scratchDatabase();
  const before = await fs.mkdtemp(path.join(os.tmpdir(), 'roomguide-old-migrations-'));
  try {
    for (const migration of await listMigrations()) {
      if (migration.version < scanDaysMigration) await fs.copyFile(migration.file, path.join(before, path.basename(migration.file)));
    }
    await prepareDatabase(url, { migrationsDir: before, seed: false });
  } finally {
    await fs.rm(before, { recursive: true, force: true });
  }

  db = new pg.Pool({ connectionString: url, max: 4 });
  // The scratch database is dropped WITH (FORCE) after the file; a backend still closing then reports its
  // termination, which is expected and must not count as an uncaught error.
  db.on('error', () => undefined);
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '', now(), now())`,
    [owner, `${owner}@example.test`],
  );
  await db.query('update public.users set qr_code_limit = 100 where id = $1', [owner]);
  await db.query(`insert into public.properties (id, user_id, name) values ($1, $2, 'Old Hotel')`, [propertyId, owner]);
  let number = 100;
  for (const id of Object.values(room)) {
    number += 1;
    await db.query(
      `insert into public.qr_codes (id, user_id, property_id, name, room_number, created_at) values ($1, $2, $3, $4, $5, '2025-12-24T09:00:00Z')`,
      [id, owner, propertyId, `Room ${number}`, String(number)],
    );
  }

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
