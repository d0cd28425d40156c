/**
 * record_scan(): one atomic UPDATE per guest open, callable by anon. 500 concurrent calls on 20 connections
 * must add exactly 500 — no lost updates — to scan_count and to today's (UTC) entry in scan_history.
 */
import { describe, expect, it } from 'vitest';
import { anon, as, createProperty, createQrCode, createUser, failure, queryAs, superuserPool, user } from './support.ts';

const pool = superuserPool(20);

interface ScanState {
  scan_count: number;
  scan_history: Record<string, number>;
  last_scanned_at: Date | null;
}

async function scanState(id: string): Promise<ScanState> {
  const { rows } = await pool.query<ScanState>('select scan_count, scan_history, last_scanned_at from public.qr_codes where id = $1', [id]);
  return rows[0];
}

async function todayUtc(): Promise<string> {
  const { rows } = await pool.query<{ today: string }>(`select to_char(now() at time zone 'utc', 'YYYY-MM-DD') as today`);
  return rows[0].today;
}

describe('record_scan', () => {
  it('adds exactly 500 for 500 concurrent anonymous calls', async () => {
    const owner = await createUser(pool, { qrCodeLimit: 1 });
    const qrId = await createQrCode(pool, owner, await createProperty(pool, owner));
    await pool.query(`update public.qr_codes set scan_count = 7, scan_history = '{"2020-01-01": 7}' where id = $1`, [qrId]);
    const today = await todayUtc();

    await Promise.all(Array.from({ length: 500 }, () => queryAs(pool, anon, 'select public.record_scan($1)', [qrId])));

    const state = await scanState(qrId);
    expect(state.scan_count).toBe(507);
    expect(state.scan_history).toEqual({ '2020-01-01': 7, [today]: 500 });
    expect(state.last_scanned_at).toBeInstanceOf(Date);
  });

  it('is callable by a signed-in user too, and counts one per call', async () => {
    const owner = await createUser(pool, { qrCodeLimit: 1 });
    const qrId = await createQrCode(pool, owner, await createProperty(pool, owner));
    const other = await createUser(pool);
    await queryAs(pool, user(other), 'select public.record_scan($1)', [qrId]);
    expect((await scanState(qrId)).scan_count).toBe(1);
  });

  it("says 'QR code not found' for an unknown id (PT404: HTTP 404 through PostgREST)", async () => {
    const error = await failure(queryAs(pool, anon, 'select public.record_scan($1)', ['00000000-0000-4000-8000-000000000000']));
    expect(error).toMatchObject({ code: 'PT404', message: 'QR code not found' });
  });

  it('does not touch updated_at (a scan is not an edit)', async () => {
    const owner = await createUser(pool, { qrCodeLimit: 1 });
    const qrId = await createQrCode(pool, owner, await createProperty(pool, owner));
    const before = await pool.query<{ updated_at: Date }>('select updated_at from public.qr_codes where id = $1', [qrId]);
    await as(pool, anon, (client) => client.query('select public.record_scan($1)', [qrId]));
    const after = await pool.query<{ updated_at: Date }>('select updated_at from public.qr_codes where id = $1', [qrId]);
    expect(after.rows[0].updated_at).toEqual(before.rows[0].updated_at);
  });
});
