/**
 * scan_stats(from_day, to_day, for_property, for_room): the host's read API for the analytics screens and the CSV
 * export. One row per own room with zero-filled daily scans for the range, the range's sum, the all-time total and
 * the last scan time, under RLS: a host reads only their own rooms, guests cannot call it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anon, createProperty, createRoom, createUser, failure, queryAs, serviceRole, superuserPool, user } from './support.ts';

const pool = superuserPool();
let host: string;
let otherHost: string;
let hotel: string;
let annex: string;
let otherHotel: string;
const rooms: Record<'r101' | 'r102' | 'r103' | 'annex1' | 'foreign', string> = { r101: '', r102: '', r103: '', annex1: '', foreign: '' };

interface StatsRow {
  qr_code_id: string;
  property_id: string;
  name: string;
  room_number: string;
  daily_scans: number[];
  range_scans: number;
  total_scans: number;
  last_scanned_at: Date | null;
}

/**
 * Scans written straight into scan_day_parts (as record_scan would have counted them): each day's count split over
 * two parts, as scans from two database sessions are, so every figure below is a sum of parts.
 */
async function scans(roomId: string, owner: string, days: Record<string, number>, lastAt?: string): Promise<void> {
  for (const [day, count] of Object.entries(days)) {
    const last = lastAt && lastAt.startsWith(day) ? lastAt : `${day}T12:00:00Z`;
    await pool.query(
      `insert into public.scan_day_parts (qr_code_id, day, part, user_id, scans, last_scanned_at)
       values ($1, $2, 3, $3, $4, $5), ($1, $2, 11, $3, $6, $2::date + time '06:00' at time zone 'utc')`,
      [roomId, day, owner, Math.ceil(count / 2), last, Math.floor(count / 2)],
    );
  }
}

beforeAll(async () => {
  host = await createUser(pool, { roomLimit: 10 });
  otherHost = await createUser(pool, { roomLimit: 10 });
  hotel = await createProperty(pool, host, 'Hotel Sol');
  annex = await createProperty(pool, host, 'Annex');
  otherHotel = await createProperty(pool, otherHost, 'Elsewhere');
  rooms.r101 = await createRoom(pool, host, hotel, '101');
  rooms.r102 = await createRoom(pool, host, hotel, '102');
  rooms.r103 = await createRoom(pool, host, hotel, '103');
  rooms.annex1 = await createRoom(pool, host, annex, 'A1');
  rooms.foreign = await createRoom(pool, otherHost, otherHotel, '101');
  await scans(rooms.r101, host, { '2026-02-20': 4, '2026-03-01': 2, '2026-03-03': 5, '2026-03-07': 1 }, '2026-03-07T21:30:00Z');
  await scans(rooms.r102, host, { '2026-03-02': 3 }, '2026-03-02T08:15:00Z');
  // r103 was never scanned.
  await scans(rooms.annex1, host, { '2026-03-04': 6 });
  await scans(rooms.foreign, otherHost, { '2026-03-03': 50 });
});

function stats(caller = user(host), ...args: unknown[]) {
  const placeholders = args.map((_, i) => `$${i + 1}`).join(', ');
  return queryAs<StatsRow>(pool, caller, `select * from public.scan_stats(${placeholders})`, args);
}

describe('scan_stats', () => {
  it('gives every room of a property its zero-filled days, range sum, all-time total and last scan', async () => {
    const { rows } = await stats(user(host), '2026-03-01', '2026-03-07', hotel);
    expect(
      rows.map(({ room_number, daily_scans, range_scans, total_scans, last_scanned_at }) => ({
        room_number,
        daily_scans,
        range_scans,
        total_scans,
        last_scanned_at,
      })),
    ).toEqual([
      { room_number: '101', daily_scans: [2, 0, 5, 0, 0, 0, 1], range_scans: 8, total_scans: 12, last_scanned_at: new Date('2026-03-07T21:30:00Z') },
      { room_number: '102', daily_scans: [0, 3, 0, 0, 0, 0, 0], range_scans: 3, total_scans: 3, last_scanned_at: new Date('2026-03-02T08:15:00Z') },
      { room_number: '103', daily_scans: [0, 0, 0, 0, 0, 0, 0], range_scans: 0, total_scans: 0, last_scanned_at: null },
    ]);
    expect(rows.every((row) => row.property_id === hotel)).toBe(true);
    expect(rows[0]).toMatchObject({ qr_code_id: rooms.r101, name: 'Room 101' });
  });

  it('answers the same totals as the rooms’ days: all-time = scan_count = sum of scan_history, range = sum of daily_scans', async () => {
    const { rows } = await stats(user(host), '2026-01-01', '2026-12-31');
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.daily_scans).toHaveLength(365);
      expect(row.range_scans).toBe(row.daily_scans.reduce((sum, day) => sum + day, 0));
      const {
        rows: [fields],
      } = await queryAs<{ scan_count: number; scan_history: Record<string, number> }>(
        pool,
        user(host),
        'select q.scan_count, q.scan_history from public.qr_codes q where q.id = $1',
        [row.qr_code_id],
      );
      expect(row.total_scans).toBe(fields.scan_count);
      expect(row.total_scans).toBe(Object.values(fields.scan_history).reduce((sum, day) => sum + day, 0));
      expect(row.range_scans).toBe(row.total_scans);
    }
  });

  it('narrows to one room, and to the host’s own rooms across properties when no property is given', async () => {
    const one = await stats(user(host), '2026-03-01', '2026-03-07', null, rooms.annex1);
    expect(one.rows.map((row) => [row.room_number, row.daily_scans])).toEqual([['A1', [0, 0, 0, 6, 0, 0, 0]]]);
    const all = await stats(user(host), '2026-03-01', '2026-03-01');
    expect(new Set(all.rows.map((row) => row.qr_code_id))).toEqual(new Set([rooms.r101, rooms.r102, rooms.r103, rooms.annex1]));
  });

  it('shows a host nothing of another host’s property or room', async () => {
    expect((await stats(user(host), '2026-03-01', '2026-03-07', otherHotel)).rows).toEqual([]);
    expect((await stats(user(host), '2026-03-01', '2026-03-07', null, rooms.foreign)).rows).toEqual([]);
    const theirs = await stats(user(otherHost), '2026-03-01', '2026-03-07');
    expect(theirs.rows.map((row) => [row.qr_code_id, row.range_scans])).toEqual([[rooms.foreign, 50]]);
  });

  it('is not callable by guests; the service role reads any property', async () => {
    expect((await failure(stats(anon, '2026-03-01', '2026-03-07'))).code).toBe('42501');
    expect((await stats(serviceRole, '2026-03-01', '2026-03-07', otherHotel)).rows).toHaveLength(1);
  });

  it('takes one day up to 731 days and refuses other ranges with 22023 naming the argument', async () => {
    expect((await stats(user(host), '2026-03-03', '2026-03-03', hotel)).rows[0].daily_scans).toEqual([5]);
    expect((await stats(user(host), '2025-01-01', '2026-12-31', null, rooms.r101)).rows[0].daily_scans).toHaveLength(730);
    expect((await stats(user(host), '2025-01-01', '2027-01-01', null, rooms.r101)).rows[0].daily_scans).toHaveLength(731);
    for (const [from, to, detail, message] of [
      ['2026-03-07', '2026-03-01', 'from_day', 'from_day must not be after to_day.'],
      ['2025-01-01', '2027-01-02', 'to_day', 'The date range can be at most 731 days.'],
      [null, '2026-03-01', 'from_day', 'from_day and to_day are required.'],
      ['2026-03-01', null, 'to_day', 'from_day and to_day are required.'],
    ] as const) {
      expect(await failure(stats(user(host), from, to))).toMatchObject({ code: '22023', detail, message });
    }
  });

  it('answers nothing for an unknown property', async () => {
    expect((await stats(user(host), '2026-03-01', '2026-03-07', randomUUID())).rows).toEqual([]);
  });
});
