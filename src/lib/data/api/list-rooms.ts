import { supabase } from '@/lib/supabase';
import { throwIfError } from '../api-error';
import { takeEarlyRead } from '../../../first-paint/dashboard/early-reads';
import { roomColumns, type RoomRow } from '../rows';

/** The rooms (QR codes) of every property the user reads (row-level security decides) with what the lists show, oldest first. */
export async function listRooms(userId: string): Promise<RoomRow[]> {
  const early = await takeEarlyRead<RoomRow>('qr_codes', userId); // started by src/main.tsx on the dashboard and a room list
  if (early) return early;
  const { data, error } = await supabase.from('qr_codes').select(roomColumns).order('created_at', { ascending: true });
  throwIfError(error);
  return data ?? [];
}
