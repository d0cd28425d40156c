/**
 * Ranges of UTC days for the analytics screens. Scans are counted per UTC day, so ranges are UTC days too; screens
 * format them in the chosen language.
 */

/** A UTC calendar day, `YYYY-MM-DD` (what `date` columns and arguments carry). */
export type UtcDay = string;

/** The ranges the dashboard offers. */
export const SCAN_RANGE_DAYS = [7, 30, 90] as const;
export type ScanRangeDays = (typeof SCAN_RANGE_DAYS)[number];

/** A range from the URL (`?days=90`), else `fallback`. */
export function parseRangeDays(value: string | null, fallback: ScanRangeDays = 30): ScanRangeDays {
  return SCAN_RANGE_DAYS.find((days) => String(days) === value) ?? fallback;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function toUtcDay(time: number): UtcDay {
  return new Date(time).toISOString().slice(0, 10);
}

function timeOf(day: UtcDay): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** `day` moved by `count` days (negative: back). */
export function addDays(day: UtcDay, count: number): UtcDay {
  return toUtcDay(timeOf(day) + count * DAY_MS);
}

/** The last `days` UTC days, today (UTC) included. */
export function lastDays(days: number, now: Date = new Date()): { fromDay: UtcDay; toDay: UtcDay } {
  const toDay = toUtcDay(now.getTime());
  return { fromDay: addDays(toDay, 1 - days), toDay };
}

/** Every day from fromDay to toDay, both included: the x axis of a chart, the rows of a CSV. */
export function daysOfRange(fromDay: UtcDay, toDay: UtcDay): UtcDay[] {
  const count = Math.round((timeOf(toDay) - timeOf(fromDay)) / DAY_MS) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, i) => addDays(fromDay, i));
}

/**
 * A scan's time as the scan screens show it: in UTC, as their days are (a scan at 00:30 in Lisbon belongs to the day
 * it shows), with the date and the time in `language`.
 */
export function formatScanTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso));
}
