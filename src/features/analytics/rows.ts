/**
 * Row types of the host's scan analytics, derived from the generated `Database` type (`npm run db:types`).
 *
 * `scan_stats(from_day, to_day, for_property?, for_room?)` answers one row per room the signed-in host owns:
 * `daily_scans[i]` is the room's scans on the UTC day `from_day + i` (zero-filled, one element per day of the
 * range), `range_scans` their sum, `total_scans` all scans ever (0 = never scanned), `last_scanned_at` the latest
 * scan (null if never). Rows come ordered by property, then room number as text.
 */
import type { Database } from '@/types/database';

type ScanStatsFunction = Database['public']['Functions']['scan_stats'];

export type ScanStatsArgs = ScanStatsFunction['Args'];

/** The generator cannot see that a never-scanned room has no last scan time: that one column is nullable. */
export type ScanStatsRow = Omit<ScanStatsFunction['Returns'][number], 'last_scanned_at'> & { last_scanned_at: string | null };

/** A UTC calendar day, `YYYY-MM-DD` (what `date` columns and arguments carry). */
export type UtcDay = string;
