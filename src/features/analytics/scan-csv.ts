/**
 * The scans CSV: a header row in the host's language, then a line per room with its total for the range and a column
 * per day (UTC), so 120 rooms over 30 days are 120 lines, each with its total (src/lib/spreadsheet-csv.ts makes it
 * open well in spreadsheet programs).
 */
import type { UtcDay } from '@/lib/data/rows';
import { spreadsheetCsv } from '@/lib/spreadsheet-csv';
import type { ScanCsvRecord } from './scan-summary';

export interface ScanCsvHeaders {
  property: string;
  roomNumber: string;
  roomName: string;
  total: string;
}

export function scanCsvText({ days, rooms }: { days: readonly UtcDay[]; rooms: readonly ScanCsvRecord[] }, headers: ScanCsvHeaders): string {
  return spreadsheetCsv(
    [headers.property, headers.roomNumber, headers.roomName, headers.total, ...days],
    rooms.map((room) => [room.property, room.roomNumber, room.roomName, room.total, ...room.daily]),
  );
}

/** `roomguide-scans-2026-03-01-to-2026-03-30.csv`: the range in the name, so several exports sort and never clash. */
export function scanCsvFileName(fromDay: UtcDay, toDay: UtcDay): string {
  return `roomguide-scans-${fromDay}-to-${toDay}.csv`;
}
