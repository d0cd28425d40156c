import { describe, expect, it } from 'vitest';
import type { ScanStatsRow } from '@/lib/data/rows';
import { rowsByProperty, scanCsvRecords, summarizeScans } from './scan-summary';

function room(roomNumber: string, daily: number[], total: number, last: string | null): ScanStatsRow {
  return {
    qr_code_id: `id-${roomNumber}`,
    property_id: 'property',
    name: `Room ${roomNumber}`,
    room_number: roomNumber,
    daily_scans: daily,
    range_scans: daily.reduce((sum, day) => sum + day, 0),
    total_scans: total,
    last_scanned_at: last,
  };
}

const rows = [
  room('10', [0, 1, 0], 9, '2026-03-02T08:00:00Z'),
  room('2', [4, 0, 3], 7, '2026-03-03T21:00:00Z'),
  room('3', [0, 0, 0], 0, null),
  room('1', [0, 0, 0], 5, '2026-01-10T10:00:00Z'),
  room('4', [1, 0, 0], 1, '2026-03-01T09:00:00Z'),
];

describe('summarizeScans', () => {
  const summary = summarizeScans(rows, '2026-03-01', '2026-03-03');

  it('gives the property’s line: all rooms per day, and the range’s days', () => {
    expect(summary.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(summary.dailyTotals).toEqual([5, 1, 3]);
  });

  it('totals the range and all time, and finds the latest scan', () => {
    expect(summary.rangeScans).toBe(9);
    expect(summary.totalScans).toBe(22);
    expect(summary.lastScannedAt).toBe('2026-03-03T21:00:00Z');
  });

  it('ranks rooms scanned in the range, most first (ties by room number)', () => {
    expect(summary.mostScanned.map((row) => row.room_number)).toEqual(['2', '4', '10']);
  });

  it('ranks every room scanned before by fewest scans in the range, and lists never-scanned rooms apart', () => {
    expect(summary.leastScanned.map((row) => row.room_number)).toEqual(['1', '4', '10', '2']);
    expect(summary.neverScanned.map((row) => row.room_number)).toEqual(['3']);
  });

  it('answers zeros and no rooms for a property without rooms', () => {
    expect(summarizeScans([], '2026-03-01', '2026-03-02')).toEqual({
      days: ['2026-03-01', '2026-03-02'],
      dailyTotals: [0, 0],
      rangeScans: 0,
      totalScans: 0,
      lastScannedAt: null,
      mostScanned: [],
      leastScanned: [],
      neverScanned: [],
    });
  });
});

describe('scanCsvRecords', () => {
  it('gives the days and a line per room with its total and every day, zero days included, rooms in numeric order', () => {
    expect(scanCsvRecords([rows[0], rows[1]], '2026-02-28', new Map([['property', 'Seaside']]))).toEqual({
      days: ['2026-02-28', '2026-03-01', '2026-03-02'],
      rooms: [
        { property: 'Seaside', roomNumber: '2', roomName: 'Room 2', total: 7, daily: [4, 0, 3] },
        { property: 'Seaside', roomNumber: '10', roomName: 'Room 10', total: 1, daily: [0, 1, 0] },
      ],
    });
  });

  it('orders the rooms of several properties by property name, then room number', () => {
    const other = { ...rows[3], property_id: 'annex', qr_code_id: 'annex-1' };
    const records = scanCsvRecords(
      [rows[1], other],
      '2026-03-01',
      new Map([
        ['property', 'Seaside'],
        ['annex', 'Annex'],
      ]),
    );
    expect(records.rooms.map((record) => [record.property, record.roomNumber])).toEqual([
      ['Annex', '1'],
      ['Seaside', '2'],
    ]);
  });
});

describe('rowsByProperty', () => {
  it('groups rows under the given properties, in their order, and keeps empty properties', () => {
    const annexRoom = { ...rows[0], property_id: 'annex' };
    const groups = rowsByProperty([rows[1], annexRoom, rows[2]], ['annex', 'property', 'empty']);
    expect([...groups.keys()]).toEqual(['annex', 'property', 'empty']);
    expect(groups.get('property')?.map((row) => row.room_number)).toEqual(['2', '3']);
    expect(groups.get('annex')).toEqual([annexRoom]);
    expect(groups.get('empty')).toEqual([]);
  });
});
