import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import { guideLookOf } from '../room-qr-look';
import type { RoomForDownload } from '../download-all/qr-zip';

/** A property's rooms with their merged guide (the `guide` computed field), for "Download all" and print sheets. */
export async function listRoomsForDownload(propertyId: string): Promise<RoomForDownload[]> {
  const { data, error } = await supabase.from('qr_codes').select('id, name, room_number, guide').eq('property_id', propertyId).order('room_number');
  throwIfError(error);
  return (data ?? []).map((room) => ({ id: room.id, name: room.name, roomNumber: room.room_number, guide: guideLookOf(room.guide) }));
}
