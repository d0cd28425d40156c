import { supabase } from '@/lib/supabase';
import { ApiError, malformedIdCode, notFoundCode, toApiError } from '@/lib/data/api-error';
import { guideLookOf, roomQrLook } from '../qr-look/room-qr-look';
import { roomColumns, toRoom } from '../rows';
import type { Room } from '../types';

const columns = `${roomColumns}, guide` as const;

/**
 * One QR code of the user for its detail page; code not_found when it is missing, not theirs, or the id is no uuid.
 * Its look is the merged guide's (the `guide` computed field): a room that inherits the property's colours and logo
 * shows and downloads its QR in them, as its print card and "Download all" do.
 */
export async function getRoom(roomId: string): Promise<Room> {
  const { data, error } = await supabase.from('qr_codes').select(columns).eq('id', roomId).maybeSingle();
  if (error && error.code !== malformedIdCode) throw toApiError(error);
  if (!data) throw new ApiError({ code: notFoundCode, message: 'QR code not found' });
  const { guide, ...row } = data;
  const room = toRoom(row);
  const { primaryColor = room.style.primaryColor, backgroundColor = room.style.backgroundColor, logoUrl = '' } = roomQrLook('', room.id, guideLookOf(guide));
  return { ...room, style: { ...room.style, primaryColor, backgroundColor, logoUrl } };
}
