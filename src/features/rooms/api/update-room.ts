import { supabase } from '@/lib/supabase';
import { ApiError, notFoundCode, throwIfError } from '@/lib/data/api-error';
import { toRoomWrite } from '../rows';
import type { RoomFormValues } from '../types';

/**
 * Saves a room. Its shared-field columns are written whole, holding only its overrides, so a field set back to
 * inherit (null) is removed from the room and the property's value shows again.
 */
export async function updateRoom(id: string, values: RoomFormValues): Promise<void> {
  const { data, error } = await supabase.from('qr_codes').update(toRoomWrite(values)).eq('id', id).select('id');
  throwIfError(error);
  // RLS turns an update of a row the user may not see into "0 rows": that is a failure too.
  if (!data || data.length === 0) throw new ApiError({ code: notFoundCode, message: 'QR code not found' });
}
