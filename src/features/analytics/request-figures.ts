/**
 * Guest requests on the analytics page and in their CSV: the range's totals per type (with the median time to
 * done), and a line per day and type.
 */
import { spreadsheetCsv } from '@/lib/spreadsheet-csv';
import type { UtcDay } from '@/lib/data/rows';
import type { RequestDayRow } from './api/get-request-days';

export interface RequestFigures {
  totals: RequestDayRow[];
  days: (RequestDayRow & { day: string })[];
  requests: number;
}

export function requestFigures(rows: readonly RequestDayRow[]): RequestFigures {
  const totals = rows.filter((row) => row.day === null);
  return {
    totals,
    days: rows
      .filter((row): row is RequestDayRow & { day: string } => row.day !== null)
      .sort((a, b) => b.day.localeCompare(a.day) || a.type.localeCompare(b.type)),
    requests: totals.reduce((sum, row) => sum + row.requests, 0),
  };
}

/** "12 min", "2.5 h", "1.5 d" (the unit that keeps the number short), in `language`. */
export function formatDuration(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 3600 ? [Math.max(1, Math.round(seconds / 60)), 'minute'] : seconds < 86_400 ? [seconds / 3600, 'hour'] : [seconds / 86_400, 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

export interface RequestCsvHeaders {
  day: string;
  type: string;
  requests: string;
  done: string;
  medianMinutes: string;
}

/** A line per day and type; the median in whole minutes (empty when none is done). */
export function requestCsvText(figures: RequestFigures, headers: RequestCsvHeaders, typeLabel: (type: string) => string): string {
  return spreadsheetCsv(
    [headers.day, headers.type, headers.requests, headers.done, headers.medianMinutes],
    [...figures.days]
      .sort((a, b) => a.day.localeCompare(b.day) || a.type.localeCompare(b.type))
      .map((row) => [
        row.day,
        typeLabel(row.type),
        row.requests,
        row.done,
        row.median_seconds_to_done === null ? '' : Math.round(row.median_seconds_to_done / 60),
      ]),
  );
}

export function requestCsvFileName(fromDay: UtcDay, toDay: UtcDay): string {
  return `roomguide-requests-${fromDay}-to-${toDay}.csv`;
}
