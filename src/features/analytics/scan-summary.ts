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
/** One room's line of the scans CSV: its scans in the range and on each day of it. */
export interface ScanCsvRecord {
  property: string;
  roomNumber: string;
  roomName: string;
  total: number;
  daily: number[];
}

/**
 * The scans CSV's content: the range's days, and a line per room (property by name, then room by number) with its
 * total and its scans on each day (zero days included). `propertyNames` names each row's property (a room of an
 * unknown property gets '').
 */
export function scanCsvRecords(
  rows: ScanStatsRow[],
  fromDay: UtcDay,
  propertyNames: ReadonlyMap<string, string> = new Map(),
): { days: UtcDay[]; rooms: ScanCsvRecord[] } {
  const propertyOf = (row: ScanStatsRow) => propertyNames.get(row.property_id) ?? '';
  const sorted = [...rows].sort((a, b) => propertyOf(a).localeCompare(propertyOf(b)) || a.property_id.localeCompare(b.property_id) || byRoomNumber(a, b));
  const days = Array.from({ length: Math.max(0, ...sorted.map((row) => row.daily_scans.length)) }, (_, i) => addDays(fromDay, i));
  const rooms = sorted.map((row) => {
    const daily = days.map((_, i) => row.daily_scans[i] ?? 0);
    return { property: propertyOf(row), roomNumber: row.room_number, roomName: row.name, total: daily.reduce((sum, scans) => sum + scans, 0), daily };
  });
  return { days, rooms };
}

/** The rows of each property, in the order the properties are given; properties without rooms get []. */
export function rowsByProperty(rows: ScanStatsRow[], propertyIds: readonly string[]): Map<string, ScanStatsRow[]> {
  const groups = new Map(propertyIds.map((id) => [id, [] as ScanStatsRow[]]));
  for (const row of rows) groups.get(row.property_id)?.push(row);
  return groups;
}
