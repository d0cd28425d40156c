/**
 * Counting scans: record_scan() adds one to its database session's part of the room's UTC day (scan_day_parts;
 * the scan_days view sums the parts) and never writes the guide row; qr_codes' scan_count / scan_history /
 * last_scanned_at computed fields read the days back. 500 concurrent calls add exactly 500; concurrent scans on
 * both sides of midnight UTC land on their own days whatever the session's time zone; only committed scans count;
 * scans of one room in two sessions do not wait for each other.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { anon, as, createProperty, createRoom, createUser, failure, race, superuserPool, user, type Caller } from './support.ts';

const pool = superuserPool(20);

interface ScanState {
  scan_count: number;
  scan_history: Record<string, number>;
  last_scanned_at: Date | null;
}

async function scanState(id: string): Promise<ScanState> {
  const { rows } = await pool.query<ScanState>('select q.scan_count, q.scan_history, q.last_scanned_at from public.qr_codes q where q.id = $1', [id]);
  return rows[0];
}

async function newRoom(): Promise<string> {
  const owner = await createUser(pool, { roomLimit: 1 });
  return createRoom(pool, owner, await createProperty(pool, owner));
}

async function todayUtc(): Promise<string> {
  const { rows } = await pool.query<{ today: string }>(`select to_char(now() at time zone 'utc', 'YYYY-MM-DD') as today`);
  return rows[0].today;
}

/** One record_scan call as PostgREST makes it: role, claims and the gateway's X-Forwarded-For, in one transaction. */
function scanAs(caller: Caller, roomId: string, address: string, deviceToken: string | null = randomUUID()): Promise<unknown> {
  return as(pool, caller, async (client) => {
    await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': address })]);
    return client.query('select public.record_scan($1, $2)', [roomId, deviceToken]);
  });
}

describe('record_scan', () => {
  it('adds exactly 500 for 500 concurrent anonymous calls (500 guests), on top of earlier days', async () => {
    const roomId = await newRoom();
    const owner = (await pool.query<{ user_id: string }>('select user_id from public.qr_codes where id = $1', [roomId])).rows[0].user_id;
    await pool.query(`insert into public.scan_day_parts (qr_code_id, day, part, user_id, scans) values ($1, '2020-01-01', 0, $2, 7)`, [roomId, owner]);
    const today = await todayUtc();

    await Promise.all(Array.from({ length: 500 }, (_, i) => scanAs(anon, roomId, `198.51.${Math.floor(i / 250)}.${i % 250}`)));

    const state = await scanState(roomId);
    expect(state.scan_count).toBe(507);
    expect(state.scan_history).toEqual({ '2020-01-01': 7, [today]: 500 });
    expect(state.last_scanned_at).toBeInstanceOf(Date);
  });

  it('is callable by a signed-in user too, and counts one per call', async () => {
    const roomId = await newRoom();
    const other = await createUser(pool);
    await scanAs(user(other), roomId, '192.0.2.1');
    expect((await scanState(roomId)).scan_count).toBe(1);
  });

  it('keeps counting for old pages that send no device token', async () => {
    const roomId = await newRoom();
    await as(pool, anon, (client) => client.query('select public.record_scan($1)', [roomId]));
    await scanAs(anon, roomId, '192.0.2.2', null);
    expect((await scanState(roomId)).scan_count).toBe(2);
  });

  it("says 'QR code not found' for an unknown id (PT404: HTTP 404 through PostgREST) and counts nothing", async () => {
    const error = await failure(scanAs(anon, randomUUID(), '192.0.2.3'));
    expect(error).toMatchObject({ code: 'PT404', message: 'QR code not found' });
  });

  it('never writes the guide row: same row version, same updated_at', async () => {
    const roomId = await newRoom();
    const version = () =>
      pool.query<{ xmin: string; ctid: string; updated_at: Date }>('select xmin::text, ctid::text, updated_at from public.qr_codes where id = $1', [roomId]);
    const before = (await version()).rows[0];
    await Promise.all(Array.from({ length: 20 }, (_, i) => scanAs(anon, roomId, `192.0.2.${10 + i}`)));
    expect((await version()).rows[0]).toEqual(before);
    expect((await scanState(roomId)).scan_count).toBe(20);
  });

  it('counts a scan only when its transaction commits', async () => {
    const roomId = await newRoom();
    await as(pool, anon, (client) => client.query('select public.record_scan($1, $2)', [roomId, randomUUID()]), { rollback: true });
    expect((await scanState(roomId)).scan_count).toBe(0);
    await scanAs(anon, roomId, '192.0.2.40');
    expect((await scanState(roomId)).scan_count).toBe(1);

    // A scan still in flight is not counted (nor seen) until it commits.
    const inFlight = await pool.connect();
    try {
      await inFlight.query('begin');
      await inFlight.query('select private.record_scan_at($1, $2, $3, now())', [roomId, randomUUID(), '192.0.2.41']);
      expect((await scanState(roomId)).scan_count).toBe(1);
      await inFlight.query('commit');
    } catch (error) {
      await inFlight.query('rollback');
      throw error;
    } finally {
      inFlight.release();
    }
    expect((await scanState(roomId)).scan_count).toBe(2);
  });
});

describe('scans of one room in several database sessions', () => {
  /** Two sessions whose process ids differ modulo 16, i.e. that count into different parts. */
  async function twoSessions(): Promise<[pg.Client, pg.Client]> {
    const opened: pg.Client[] = [];
    const connect = async () => {
      const client = new pg.Client({ connectionString: inject('dbUrl') });
      await client.connect();
      opened.push(client);
      return client;
    };
    const part = async (client: pg.Client) => (await client.query<{ part: number }>('select pg_backend_pid() % 16 as part')).rows[0].part;
    const first = await connect();
    let second = await connect();
    while ((await part(second)) === (await part(first))) second = await connect();
    await Promise.all(opened.filter((client) => client !== first && client !== second).map((client) => client.end()));
    return [first, second];
  }

  it('do not wait for each other while both are open, and scan_days sums their parts', async () => {
    const roomId = await newRoom();
    const [first, second] = await twoSessions();
    try {
      await first.query('begin');
      await first.query('select private.record_scan_at($1, $2, $3, now())', [roomId, randomUUID(), '192.0.2.42']);
      // The first transaction holds its part of today's row; the second writes its own part and never waits.
      await second.query('begin');
      await second.query(`set local lock_timeout = '2s'`);
      await second.query('select private.record_scan_at($1, $2, $3, now())', [roomId, randomUUID(), '192.0.2.43']);
      await second.query('select private.record_scan_at($1, $2, $3, now())', [roomId, randomUUID(), '192.0.2.44']);
      await second.query('commit');
      await first.query('commit');
    } finally {
      await Promise.all([first.end(), second.end()]);
    }

    const parts = await pool.query<{ scans: number }>('select scans from public.scan_day_parts where qr_code_id = $1 order by scans', [roomId]);
    expect(parts.rows).toEqual([{ scans: 1 }, { scans: 2 }]);
    const days = await pool.query<{ scans: number; last_scanned_at: Date }>('select scans, last_scanned_at from public.scan_days where qr_code_id = $1', [
      roomId,
    ]);
    expect(days.rows).toEqual([{ scans: 3, last_scanned_at: expect.any(Date) }]);
    expect((await scanState(roomId)).scan_count).toBe(3);
  });
});

describe('scans across midnight UTC', () => {
  /** private.record_scan_at is record_scan with the time given: only the database owner may call it. */
  const scanAt = (roomId: string, at: string, address: string): [string, unknown[]] => [
    'select private.record_scan_at($1, $2, $3, $4)',
    [roomId, randomUUID(), address, at],
  ];

  it('land on the day of their own UTC time, concurrently and in any session time zone', async () => {
    const roomId = await newRoom();
    const before = Array.from({ length: 40 }, (_, i) => scanAt(roomId, `2026-03-28T23:59:59.${String(900 + i).padStart(3, '0')}Z`, `203.0.113.${i}`));
    const after = Array.from({ length: 60 }, (_, i) => scanAt(roomId, `2026-03-29T00:00:00.${String(i).padStart(3, '0')}Z`, `203.0.113.${100 + i}`));
    // Interleaved, in sessions whose clock says another day (Tokyo: already the 29th; Los Angeles: still the 28th).
    const statements = before.flatMap((scan, i) => [scan, after[i]]).concat(after.slice(before.length));
    const clients = await Promise.all(
      statements.map(async (_, i) => {
        const client = new pg.Client({ connectionString: inject('dbUrl') });
        await client.connect();
        await client.query(`set timezone = '${i % 2 ? 'Asia/Tokyo' : 'America/Los_Angeles'}'`);
        await client.query('begin');
        return client;
      }),
    );
    try {
      await Promise.all(
        clients.map(async (client, i) => {
          await client.query(...statements[i]);
          await client.query('commit');
        }),
      );
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }

    const { rows } = await pool.query<{ day: string; scans: number; last: string }>(
      `select to_char(day, 'YYYY-MM-DD') as day, scans, to_char(last_scanned_at at time zone 'utc', 'HH24:MI:SS.MS') as last
       from public.scan_days where qr_code_id = $1 order by day`,
      [roomId],
    );
    expect(rows).toEqual([
      { day: '2026-03-28', scans: 40, last: '23:59:59.939' },
      { day: '2026-03-29', scans: 60, last: '00:00:00.059' },
    ]);
    expect((await scanState(roomId)).scan_history).toEqual({ '2026-03-28': 40, '2026-03-29': 60 });
  });

  it('are not callable with a chosen time by guests or hosts', async () => {
    const roomId = await newRoom();
    for (const caller of [anon, user(randomUUID())]) {
      const error = await failure(
        as(pool, caller, (client) => client.query('select private.record_scan_at($1, null, $2, $3)', [roomId, '192.0.2.50', '2020-01-01T00:00:00Z'])),
      );
      expect(error.code).toBe('42501');
    }
    expect((await scanState(roomId)).scan_count).toBe(0);
  });
});

describe('simultaneous scans of one room', () => {
  it('counts every one of 50 transactions racing on the same room and day', async () => {
    const roomId = await newRoom();
    const results = await race(
      anon,
      Array.from({ length: 50 }, (_, i) => [
        `with headers as (select set_config('request.headers', $2, true)) select public.record_scan($1, gen_random_uuid()) from headers`,
        [roomId, JSON.stringify({ 'x-forwarded-for': `192.0.2.${100 + i}` })],
      ]),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(50);
    expect((await scanState(roomId)).scan_count).toBe(50);
  });
});
