/**
 * Row types of the tables the app reads, derived from the generated `src/types/database.ts`
 * (`npm run db:types`), with the column lists they are selected by: a select string declared `as const`
 * lets supabase-js type the answer, so no row is re-typed by hand or cast.
 */
import type { Database, Tables } from '@/types/database';

export type PlanType = Database['public']['Enums']['plan_type'];
export type SubscriptionStatus = Database['public']['Enums']['subscription_status'];

/** The `users` row, with `plan`: computed by the database from the entitled subscription. */
export const profileColumns = 'id, email, created_at, qr_codes_created, qr_code_limit, plan' as const;
export type UserRow = Pick<Tables<'users'>, 'id' | 'email' | 'created_at' | 'qr_codes_created' | 'qr_code_limit' | 'plan'>;

/** `entitled` and `ongoing` are derived from `status` by the database: the app keeps no status lists. */
export type SubscriptionRow = Tables<'subscriptions'>;

/** `team_id`: the list shows the properties of the team the host works in (src/lib/current-team.ts). */
export const propertyColumns = 'id, team_id, name, type, address, created_at' as const;
export type PropertyRow = Pick<Tables<'properties'>, 'id' | 'team_id' | 'name' | 'type' | 'address' | 'created_at'>;

/**
 * What a property's shared guide is read with: its name and last change, and the columns the shared fields live in (a
 * literal, so the row is typed: property-guide.test.ts checks that it names every field's column). The room list's
 * early read (src/first-paint/dashboard/early-reads.ts) asks for the same.
 */
export const propertyGuideColumns = 'name, updated_at, changed_by, hotel, area, style, content, template' as const;
export type PropertyGuideRow = Pick<Tables<'properties'>, 'name' | 'updated_at' | 'changed_by' | 'hotel' | 'area' | 'style' | 'content' | 'template'>;

/** What lists show of a room; the property list counts them, the QR list shows them. */
export const roomColumns = 'id, property_id, name, room_number, scan_count, created_at' as const;
export type RoomRow = Pick<Tables<'qr_codes'>, 'id' | 'property_id' | 'name' | 'room_number' | 'scan_count' | 'created_at'>;

type ScanStatsFunction = Database['public']['Functions']['scan_stats'];

/**
 * One room's scans from `scan_stats(from_day, to_day, for_property?, for_room?)`, one row per room the signed-in
 * host owns: `daily_scans[i]` is the room's scans on the UTC day `from_day + i` (zero-filled, one element per day
 * of the range), `range_scans` their sum, `total_scans` all scans ever (0 = never scanned), `last_scanned_at` the
 * latest scan. Rows come ordered by property, then room number as text. The generator cannot see that a
 * never-scanned room has no last scan time: that one column is nullable.
 */
export type ScanStatsRow = Omit<ScanStatsFunction['Returns'][number], 'last_scanned_at'> & { last_scanned_at: string | null };

export type { UtcDay } from '../scan-range';
