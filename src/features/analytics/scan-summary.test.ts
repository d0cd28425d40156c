import { describe, expect, it } from 'vitest';
import type { ScanStatsRow } from './rows';
import { scanCsvRecords, summarizeScans } from './scan-summary';

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
  const summary = summarizeScans(rows, '2026-03-01', '2026-03-03', { top: 3 });

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

  it('ranks rooms scanned before by fewest scans in the range, and lists never-scanned rooms apart', () => {
    expect(summary.leastScanned.map((row) => row.room_number)).toEqual(['1', '4', '10']);
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
  it('gives one record per day and room, zero days included, rooms in numeric order', () => {
    const records = scanCsvRecords([rows[0], rows[1]], '2026-02-28');
    expect(records).toEqual([
      { day: '2026-02-28', roomNumber: '2', roomName: 'Room 2', scans: 4 },
      { day: '2026-02-28', roomNumber: '10', roomName: 'Room 10', scans: 0 },
      { day: '2026-03-01', roomNumber: '2', roomName: 'Room 2', scans: 0 },
      { day: '2026-03-01', roomNumber: '10', roomName: 'Room 10', scans: 1 },
      { day: '2026-03-02', roomNumber: '2', roomName: 'Room 2', scans: 3 },
      { day: '2026-03-02', roomNumber: '10', roomName: 'Room 10', scans: 0 },
    ]);
  });
});
