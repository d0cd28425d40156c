import { supabase } from '@/lib/supabase';
import { throwIfError } from '../api-error';
import type { ScanStatsRow, UtcDay } from '../rows';

export interface ScanStatsQuery {
  /** First and last UTC day of the range, both included; at most 731 days. */
  fromDay: UtcDay;
  toDay: UtcDay;
  /** One property's rooms; all the host's rooms when neither this nor roomId is given. */
  propertyId?: string;
  /** One room (its detail page). */
  roomId?: string;
}

/**
 * Scan statistics of the signed-in host's rooms for a range of UTC days: what the analytics charts, totals,
 * most/least and never-scanned lists and the CSV export are built from (see ../rows.ts and src/features/analytics/scan-summary.ts).
 * RLS limits it to the host's own rooms; another host's property or room answers no rows. Throws an ApiError:
 * code 22023 with `details` naming the argument for a bad range.
 */
export async function getScanStats({ fromDay, toDay, propertyId, roomId }: ScanStatsQuery): Promise<ScanStatsRow[]> {
  const { data, error } = await supabase.rpc('scan_stats', {
    from_day: fromDay,
    to_day: toDay,
    ...(propertyId ? { for_property: propertyId } : {}),
    ...(roomId ? { for_room: roomId } : {}),
  });
  throwIfError(error);
  return data ?? [];
}
