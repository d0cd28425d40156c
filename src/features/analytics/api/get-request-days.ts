/** Guest requests per UTC day and type, and per type over the range (guest_request_days), for a team or a property. */
import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import type { Database } from '@/types/database';

type RequestDaysFunction = Database['public']['Functions']['guest_request_days'];
/** `day` null: the type's totals over the whole range. The generator cannot see which columns may be null. */
export type RequestDayRow = Omit<RequestDaysFunction['Returns'][number], 'day' | 'median_seconds_to_done'> & {
  day: string | null;
  median_seconds_to_done: number | null;
};

export async function getRequestDays(range: { fromDay: string; toDay: string; teamId: string; propertyId: string | null }): Promise<RequestDayRow[]> {
  const { data, error } = await supabase.rpc('guest_request_days', {
    from_day: range.fromDay,
    to_day: range.toDay,
    for_team: range.teamId,
    ...(range.propertyId ? { for_property: range.propertyId } : {}),
  });
  throwIfError(error);
  return (data ?? []) as RequestDayRow[];
}
