import { supabase } from '@/lib/supabase';
import { throwIfError } from '../api-error';
import { takeEarlyRead } from '../../../first-paint/dashboard/early-reads';
import { roomColumns, type RoomRow } from '../rows';

/** All the user's rooms (QR codes) with what the lists show, oldest first. */
export async function listRooms(userId: string): Promise<RoomRow[]> {
  const early = await takeEarlyRead<RoomRow>('qr_codes', userId); // started by src/main.tsx on the dashboard
  if (early) return early;
  const { data, error } = await supabase.from('qr_codes').select(roomColumns).eq('user_id', userId).order('created_at', { ascending: true });
  throwIfError(error);
  return data ?? [];
}
