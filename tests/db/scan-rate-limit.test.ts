/**
 * The scan rate limit inside record_scan(): a device token counts once per guide per 10-minute window; a client
 * address (IPv6: its /64) counts at most 10 scans per guide per hour window, whatever tokens it sends. Windows are
 * fixed (whole hours, whole 10 minutes). A refused scan raises PT429 (HTTP 429) and writes nothing. Times are given
 * through private.record_scan_at, which record_scan() calls with now() and the request's address.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anon, as, createProperty, createRoom, createUser, failure, race, superuserPool } from './support.ts';

const pool = superuserPool(12);
let owner: string;
let propertyId: string;

beforeAll(async () => {
  owner = await createUser(pool, { roomLimit: 100 });
  propertyId = await createProperty(pool, owner);
});

let roomNumber = 0;
const newRoom = () => createRoom(pool, owner, propertyId, String(++roomNumber));

const minutes = (base: string, count: number) => new Date(Date.parse(base) + count * 60_000).toISOString();
const T0 = '2026-05-01T10:00:00Z';

/** Scans at `at` from `address`; resolves with 'counted' or the refusal's detail ('device' / 'address'). */
async function scan(roomId: string, at: string, address: string | null, deviceToken: string | null = randomUUID()): Promise<string> {
  try {
    await pool.query('select private.record_scan_at($1, $2, $3, $4)', [roomId, deviceToken, address, at]);
    return 'counted';
  } catch (error) {
    const { code, message, detail } = error as { code?: string; message: string; detail?: string };
    if (code !== 'PT429' || message !== 'Too many scans') throw error;
    return detail ?? '';
  }
}

/** record_scan() as PostgREST calls it for a guest whose request the gateway forwarded from `forwarded`. */
function scanThroughApi(roomId: string, forwarded: string): Promise<unknown> {
  return as(pool, anon, async (client) => {
    await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify({ 'x-forwarded-for': forwarded })]);
    return client.query('select public.record_scan($1, $2)', [roomId, randomUUID()]);
  });
}

/** private.client_address() for a request carrying this X-Forwarded-For (or none). */
async function addressOf(forwarded: string | null): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.headers', $1, true)`, [JSON.stringify(forwarded === null ? {} : { 'x-forwarded-for': forwarded })]);
    return (await client.query<{ address: string }>('select private.client_address() as address')).rows[0].address;
  } finally {
    await client.query('rollback');
    client.release();
  }
}

async function counted(roomId: string): Promise<number> {
  const { rows } = await pool.query<{ scans: number }>('select coalesce(sum(scans), 0)::integer as scans from public.scan_days where qr_code_id = $1', [
    roomId,
  ]);
  return rows[0].scans;
}

describe('per device', () => {
  it('counts a device token once per guide per 10-minute window', async () => {
    const roomId = await newRoom();
    const token = randomUUID();
    expect(await scan(roomId, T0, '192.0.2.1', token)).toBe('counted');
    expect(await scan(roomId, minutes(T0, 1), '192.0.2.1', token)).toBe('device');
    expect(await scan(roomId, minutes(T0, 9.9), '192.0.2.1', token)).toBe('device');
    expect(await scan(roomId, minutes(T0, 10), '192.0.2.1', token)).toBe('counted');
    expect(await counted(roomId)).toBe(2);
  });

  it('keeps guides apart: the same token counts on another guide', async () => {
    const [first, second] = [await newRoom(), await newRoom()];
    const token = randomUUID();
    expect(await scan(first, T0, '192.0.2.2', token)).toBe('counted');
    expect(await scan(second, T0, '192.0.2.2', token)).toBe('counted');
  });

  it('a refused device takes nothing from its address', async () => {
    const roomId = await newRoom();
    const token = randomUUID();
    await scan(roomId, T0, '192.0.2.3', token);
    for (let i = 0; i < 20; i++) expect(await scan(roomId, T0, '192.0.2.3', token)).toBe('device');
    // The address still has 9 of its 10.
    for (let i = 0; i < 9; i++) expect(await scan(roomId, T0, '192.0.2.3')).toBe('counted');
    expect(await scan(roomId, T0, '192.0.2.3')).toBe('address');
  });
});

describe('per address', () => {
  it('counts at most 10 per guide per address per hour window however many tokens it rotates', async () => {
    const roomId = await newRoom();
    const outcomes = [];
    for (let i = 0; i < 15; i++) outcomes.push(await scan(roomId, T0, '198.51.100.7'));
    expect(outcomes).toEqual([...Array(10).fill('counted'), ...Array(5).fill('address')]);
    expect(await scan(roomId, minutes(T0, 59.9), '198.51.100.7')).toBe('address');
    // The next hour window starts afresh.
    for (let i = 0; i < 10; i++) expect(await scan(roomId, minutes(T0, 60), '198.51.100.7')).toBe('counted');
    expect(await scan(roomId, minutes(T0, 61), '198.51.100.7')).toBe('address');
    // A late scan from the earlier window counts in the current one, which is full.
    expect(await scan(roomId, minutes(T0, 30), '198.51.100.7')).toBe('address');
    expect(await counted(roomId)).toBe(20);
  });

  it('applies to pages that send no token', async () => {
    const roomId = await newRoom();
    for (let i = 0; i < 10; i++) expect(await scan(roomId, T0, '198.51.100.8', null)).toBe('counted');
    expect(await scan(roomId, T0, '198.51.100.8', null)).toBe('address');
  });

  it('lets the guests of a hotel behind one address count (10 per room per hour), and other addresses and rooms are apart', async () => {
    const [room, otherRoom] = [await newRoom(), await newRoom()];
    for (let guest = 0; guest < 10; guest++) expect(await scan(room, minutes(T0, guest), '203.0.113.50')).toBe('counted');
    expect(await scan(otherRoom, T0, '203.0.113.50')).toBe('counted');
    expect(await scan(room, T0, '203.0.113.51')).toBe('counted');
    expect(await counted(room)).toBe(11);
  });

  it('groups IPv6 addresses by their /64 and reads IPv4-mapped addresses as IPv4', async () => {
    expect(await addressOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(await addressOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(await addressOf('::ffff:192.0.2.9')).toBe('192.0.2.9');
    expect(await addressOf('192.0.2.9, 10.0.0.1')).toBe('192.0.2.9');
    expect(await addressOf('not an address')).toBe('unknown');
    expect(await addressOf(null)).toBe('unknown');

    // Through record_scan: ten addresses of one /64 use up the room's allowance; another /64 still counts.
    const roomId = await newRoom();
    for (let i = 1; i <= 10; i++) await scanThroughApi(roomId, `2001:db8:1:2::${i}`);
    await expect(scanThroughApi(roomId, '2001:db8:1:2::ff')).rejects.toMatchObject({ code: 'PT429', detail: 'address' });
    await scanThroughApi(roomId, '2001:db8:1:3::1');
    expect(await counted(roomId)).toBe(11);
  });

  it('admits exactly 10 of 40 racing scans from one address, through record_scan', async () => {
    const roomId = await newRoom();
    const headers = JSON.stringify({ 'x-forwarded-for': '198.51.100.99' });
    const results = await race(
      anon,
      Array.from({ length: 40 }, () => [
        `with request as (select set_config('request.headers', $2, true)) select public.record_scan($1, gen_random_uuid()) from request`,
        [roomId, headers],
      ]),
    );
    const refused = results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason as { code: string });
    expect(results.length - refused.length).toBe(10);
    expect(new Set(refused.map((reason) => reason.code))).toEqual(new Set(['PT429']));
    expect(await counted(roomId)).toBe(10);
  });
});

describe('a refused scan', () => {
  it('says why in PostgREST’s error fields and writes nothing', async () => {
    const roomId = await newRoom();
    const token = randomUUID();
    await scan(roomId, T0, '192.0.2.60', token);
    const counters = () =>
      pool.query(
        `select 'device ' || device_token as client, window_start, 1 as scans from private.scan_devices where qr_code_id = $1
         union all
         select 'address ' || address, window_start, scans from private.scan_addresses where qr_code_id = $1
         order by client`,
        [roomId],
      );
    const before = (await counters()).rows;
    const error = await failure(pool.query('select private.record_scan_at($1, $2, $3, $4)', [roomId, token, '192.0.2.60', minutes(T0, 1)]));
    expect(error).toMatchObject({ code: 'PT429', message: 'Too many scans', detail: 'device', hint: 'A device counts once per guide per 10-minute window.' });
    expect((await counters()).rows).toEqual(before);
    expect(await counted(roomId)).toBe(1);
    for (let i = 0; i < 9; i++) await scan(roomId, T0, '192.0.2.60');
    expect(await failure(pool.query('select private.record_scan_at($1, $2, $3, $4)', [roomId, randomUUID(), '192.0.2.60', T0]))).toMatchObject({
      code: 'PT429',
      detail: 'address',
      hint: 'An address counts at most 10 scans per guide per 60-minute window.',
    });
    expect(await counted(roomId)).toBe(10);
  });

  it('comes after the unknown-id check: an unknown guide is 404, not 429', async () => {
    const error = await failure(pool.query('select private.record_scan_at($1, null, $2, $3)', [randomUUID(), '192.0.2.61', T0]));
    expect(error.code).toBe('PT404');
  });
});

describe('housekeeping', () => {
  it('drops counters whose window has passed and keeps the rest (and the counts)', async () => {
    const [stale, fresh] = [await newRoom(), await newRoom()];
    // The fresh room's scan first: record_scan tidies up now and then (1 call in 1000) at its own time, and at 01:25
    // it would drop the stale room's counters before the test looks; at 00:05 nothing of either has passed.
    await scan(fresh, '2026-01-01T01:25:00Z', '192.0.2.70');
    await scan(stale, '2026-01-01T00:05:00Z', '192.0.2.70');
    const left = () =>
      pool.query<{ kind: string; qr_code_id: string }>(
        `select 'device' as kind, qr_code_id from private.scan_devices where qr_code_id = any ($1)
         union all
         select 'address', qr_code_id from private.scan_addresses where qr_code_id = any ($1)`,
        [[stale, fresh]],
      );
    expect((await left()).rowCount).toBe(4);
    await pool.query(`select private.tidy_scans('2026-01-01T01:28:00Z')`);
    // The stale room's windows (the hour from 00:00, the 10 minutes from 00:00) have passed; the fresh room's
    // (01:00, 01:20) have not.
    expect((await left()).rows).toEqual(
      expect.arrayContaining([
        { kind: 'device', qr_code_id: fresh },
        { kind: 'address', qr_code_id: fresh },
      ]),
    );
    expect((await left()).rowCount).toBe(2);
    // A device counter goes once its 10 minutes (and a minute's grace for scans still running) have passed, though
    // the address's hour has not.
    await pool.query(`select private.tidy_scans('2026-01-01T01:30:00Z')`);
    expect((await left()).rowCount).toBe(2);
    await pool.query(`select private.tidy_scans('2026-01-01T01:31:00Z')`);
    expect((await left()).rows).toEqual([{ kind: 'address', qr_code_id: fresh }]);
    expect(await counted(stale)).toBe(1);
    expect(await counted(fresh)).toBe(1);
  });

  it('holds its numbers where only the database owner can change them', async () => {
    const { rows } = await pool.query('select device_window::text, address_scans, address_window::text from private.scan_limits');
    expect(rows).toEqual([{ device_window: '00:10:00', address_scans: 10, address_window: '01:00:00' }]);
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const { rows: privileges } = await pool.query<{ can: boolean }>(
        `select has_table_privilege($1, 'private.scan_limits', 'select, insert, update, delete')
             or has_table_privilege($1, 'private.scan_devices', 'select, insert, update, delete')
             or has_table_privilege($1, 'private.scan_addresses', 'select, insert, update, delete') as can`,
        [role],
      );
      expect(privileges[0].can).toBe(false);
    }
  });
});
