import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import type { GuideLook } from '../room-qr-look';
import type { RoomForDownload } from '../download-all/qr-zip';

/** A property's rooms with their merged guide (the `guide` computed field), for "Download all" and print sheets. */
export async function listRoomsForDownload(propertyId: string): Promise<RoomForDownload[]> {
  const { data, error } = await supabase.from('qr_codes').select('id, name, room_number, guide').eq('property_id', propertyId).order('room_number');
  throwIfError(error);
  return (data ?? []).map((room) => ({ id: room.id, name: room.name, roomNumber: room.room_number, guide: guideLookOf(room.guide) }));
}

function guideLookOf(guide: unknown): GuideLook {
  const object = guide !== null && typeof guide === 'object' ? (guide as Record<string, unknown>) : {};
  const style = object.style !== null && typeof object.style === 'object' ? (object.style as GuideLook['style']) : null;
  return { template: typeof object.template === 'string' ? object.template : null, style };
}
