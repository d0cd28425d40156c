import { sortRooms } from '@/lib/room-sort';
import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import { guideLookOf } from '../qr-look/room-qr-look';
import { roomHotelName, roomWifi } from '../printing/card-wifi';
import type { RoomForPrint } from '../printing/print-codes';

/**
 * A property's rooms with their merged guide (the `guide` computed field), for "Download all" and print sheets: the
 * QR look, and the room's effective WiFi and hotel name for the print sheet's cards. In the room list's door-plan order ("2"
 * before "10"), which the database's text order is not.
 */
export async function listRoomsForDownload(propertyId: string): Promise<RoomForPrint[]> {
  const { data, error } = await supabase.from('qr_codes').select('id, name, room_number, guide').eq('property_id', propertyId);
  throwIfError(error);
  return sortRooms(
    (data ?? []).map((room) => ({
      id: room.id,
      name: room.name,
      roomNumber: room.room_number,
      guide: guideLookOf(room.guide),
      wifi: roomWifi(room.guide),
      hotelName: roomHotelName(room.guide),
    })),
  );
}
