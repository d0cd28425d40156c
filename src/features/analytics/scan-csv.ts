/**
 * The scans CSV: UTF-8 with a byte-order mark (without it Excel reads UTF-8 as the system's code page and
 * garbles "Zimmer Müller" or "房间"), one header row in the host's language, comma-separated, quoted where a value
 * needs it (papaparse's `unparse`, the same library that reads the bulk rooms CSV).
 */
import Papa from 'papaparse';
import type { UtcDay } from '@/lib/data/rows';
import type { ScanCsvRecord } from './scan-summary';

export interface ScanCsvHeaders {
  day: string;
  property: string;
  roomNumber: string;
  roomName: string;
  scans: string;
}

const byteOrderMark = '\uFEFF';

export function scanCsvText(records: readonly ScanCsvRecord[], headers: ScanCsvHeaders): string {
  const fields = [headers.day, headers.property, headers.roomNumber, headers.roomName, headers.scans];
  const data = records.map((record) => [record.day, record.property, record.roomNumber, record.roomName, record.scans]);
  // Spreadsheets run a cell that starts with = + - @ as a formula: a room named "=HYPERLINK(…)" stays text.
  return byteOrderMark + Papa.unparse([fields, ...data], { newline: '\r\n', escapeFormulae: true });
}

/** `roomguide-scans-2026-03-01-to-2026-03-30.csv`: the range in the name, so several exports sort and never clash. */
export function scanCsvFileName(fromDay: UtcDay, toDay: UtcDay): string {
  return `roomguide-scans-${fromDay}-to-${toDay}.csv`;
}
