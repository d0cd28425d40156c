import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import type { GuideLook } from '../room-qr-look';
import { roomWifi } from '../print/card-wifi';
import type { RoomForPrint } from '../print/print-codes';

/**
 * A property's rooms with their merged guide (the `guide` computed field), for "Download all" and print sheets: the
 * QR look, and the room's effective WiFi for the print sheet's WiFi code.
 */
export async function listRoomsForDownload(propertyId: string): Promise<RoomForPrint[]> {
  const { data, error } = await supabase.from('qr_codes').select('id, name, room_number, guide').eq('property_id', propertyId).order('room_number');
  throwIfError(error);
  return (data ?? []).map((room) => ({ id: room.id, name: room.name, roomNumber: room.room_number, guide: guideLookOf(room.guide), wifi: roomWifi(room.guide) }));
}

function guideLookOf(guide: unknown): GuideLook {
  const object = guide !== null && typeof guide === 'object' ? (guide as Record<string, unknown>) : {};
  const style = object.style !== null && typeof object.style === 'object' ? (object.style as GuideLook['style']) : null;
  return { template: typeof object.template === 'string' ? object.template : null, style };
}
