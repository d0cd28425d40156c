/**
 * The scans CSV: one header row in the host's language, then a line per room and day (src/lib/spreadsheet-csv.ts
 * makes it open well in spreadsheet programs).
 */
import type { UtcDay } from '@/lib/data/rows';
import { spreadsheetCsv } from '@/lib/spreadsheet-csv';
import type { ScanCsvRecord } from './scan-summary';

export interface ScanCsvHeaders {
  day: string;
  property: string;
  roomNumber: string;
  roomName: string;
  scans: string;
}

export function scanCsvText(records: readonly ScanCsvRecord[], headers: ScanCsvHeaders): string {
  return spreadsheetCsv(
    [headers.day, headers.property, headers.roomNumber, headers.roomName, headers.scans],
    records.map((record) => [record.day, record.property, record.roomNumber, record.roomName, record.scans]),
  );
}

/** `roomguide-scans-2026-03-01-to-2026-03-30.csv`: the range in the name, so several exports sort and never clash. */
export function scanCsvFileName(fromDay: UtcDay, toDay: UtcDay): string {
  return `roomguide-scans-${fromDay}-to-${toDay}.csv`;
}
