/**
 * What the analytics screens show, computed from scan_stats rows (one per room, daily scans zero-filled over the
 * range): the property's series and totals, the most and least scanned rooms, the never-scanned ones, the last
 * scan, and the CSV's records. Pure, so the screens only render.
 */
import type { ScanStatsRow, UtcDay } from '@/lib/data/rows';
import { addDays, daysOfRange } from '@/lib/scan-range';

export interface ScanSummary {
  /** The range's days, the x axis. */
  days: UtcDay[];
  /** Scans of all the rows' rooms per day (the property's line), same length as `days`. */
  dailyTotals: number[];
  /** Scans in the range, and ever. */
  rangeScans: number;
  totalScans: number;
  /** The latest scan of any room, or null. */
  lastScannedAt: string | null;
  /** Every room scanned in the range, most first (the screens show the first few and say how many more). */
  mostScanned: ScanStatsRow[];
  /** Every room scanned before, fewest scans in the range first; never-scanned rooms are listed apart. */
  leastScanned: ScanStatsRow[];
  /** Rooms without a single scan ever ("print and place the codes to see scans here"). */
  neverScanned: ScanStatsRow[];
}

const byRoomNumber = (a: ScanStatsRow, b: ScanStatsRow) => a.room_number.localeCompare(b.room_number, undefined, { numeric: true });

export function summarizeScans(rows: ScanStatsRow[], fromDay: UtcDay, toDay: UtcDay): ScanSummary {
  const days = daysOfRange(fromDay, toDay);
  const dailyTotals = days.map((_, i) => rows.reduce((sum, row) => sum + (row.daily_scans[i] ?? 0), 0));
  const scannedBefore = rows.filter((row) => row.total_scans > 0);
  const lastScannedAt = rows.reduce<string | null>(
    (latest, row) => (row.last_scanned_at && (!latest || Date.parse(row.last_scanned_at) > Date.parse(latest)) ? row.last_scanned_at : latest),
    null,
  );
  return {
    days,
    dailyTotals,
    rangeScans: rows.reduce((sum, row) => sum + row.range_scans, 0),
    totalScans: rows.reduce((sum, row) => sum + row.total_scans, 0),
    lastScannedAt,
    mostScanned: rows.filter((row) => row.range_scans > 0).sort((a, b) => b.range_scans - a.range_scans || byRoomNumber(a, b)),
    leastScanned: [...scannedBefore].sort((a, b) => a.range_scans - b.range_scans || byRoomNumber(a, b)),
    neverScanned: rows.filter((row) => row.total_scans === 0).sort(byRoomNumber),
  };
}

/** One CSV record: a room's scans on one UTC day. */
export interface ScanCsvRecord {
  day: UtcDay;
  property: string;
  roomNumber: string;
  roomName: string;
  scans: number;
}

/**
 * Daily scans per room for the range, day by day, then property by name and room by number (zero days included),
 * for the CSV export. `propertyNames` names each row's property (a room of an unknown property gets '').
 */
export function scanCsvRecords(rows: ScanStatsRow[], fromDay: UtcDay, propertyNames: ReadonlyMap<string, string> = new Map()): ScanCsvRecord[] {
  const propertyOf = (row: ScanStatsRow) => propertyNames.get(row.property_id) ?? '';
  const rooms = [...rows].sort((a, b) => propertyOf(a).localeCompare(propertyOf(b)) || a.property_id.localeCompare(b.property_id) || byRoomNumber(a, b));
  const length = Math.max(0, ...rooms.map((row) => row.daily_scans.length));
  return Array.from({ length }, (_, i) => addDays(fromDay, i)).flatMap((day, i) =>
    rooms.map((row) => ({ day, property: propertyOf(row), roomNumber: row.room_number, roomName: row.name, scans: row.daily_scans[i] ?? 0 })),
  );
}

/** The rows of each property, in the order the properties are given; properties without rooms get []. */
export function rowsByProperty(rows: ScanStatsRow[], propertyIds: readonly string[]): Map<string, ScanStatsRow[]> {
  const groups = new Map(propertyIds.map((id) => [id, [] as ScanStatsRow[]]));
  for (const row of rows) groups.get(row.property_id)?.push(row);
  return groups;
}
