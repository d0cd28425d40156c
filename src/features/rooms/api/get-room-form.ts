import { supabase } from '@/lib/supabase';
import { ApiError, malformedIdCode, notFoundCode, toApiError } from '@/lib/data/api-error';
import { roomFormColumns, toRoomFormValues } from '../rows';
import type { RoomFormValues } from '../types';

/**
 * One room of the user as the form edits it: its own overrides (null where it inherits), not the merged guide the
 * detail page shows. Code not_found when it is missing, not theirs, or the id is no uuid.
 */
export async function getRoomForm(roomId: string): Promise<{ propertyId: string; values: RoomFormValues }> {
  const { data, error } = await supabase.from('qr_codes').select(roomFormColumns).eq('id', roomId).maybeSingle();
  if (error && error.code !== malformedIdCode) throw toApiError(error);
  if (!data) throw new ApiError({ code: notFoundCode, message: 'QR code not found' });
  return { propertyId: data.property_id, values: toRoomFormValues(data) };
}
