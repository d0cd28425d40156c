import { supabase } from '@/lib/supabase';
import { ownImagePaths } from '../room-form/image-upload';
import { readBulkRoomsError } from '../bulk/bulk-errors';
import { BulkRoomsRefused } from './create-rooms';
import { roomImagesBucket } from './storage';

/** The selected rooms' own WiFi password: a text overrides the property's, null goes back to inheriting it. */
export async function setRoomsWifiPassword(roomIds: readonly string[], password: string | null): Promise<number> {
  const change =
    password === null ? { set_fields: {}, clear_fields: ['content.wifi.password'] } : { set_fields: { 'content.wifi.password': password }, clear_fields: [] };
  const { data, error } = await supabase.rpc('update_rooms', { room_ids: [...roomIds], ...change });
  if (error) throw new BulkRoomsRefused(readBulkRoomsError(error));
  return data?.length ?? 0;
}

/** Deletes the selected rooms (each frees its slot), then the photos uploaded for them. */
export async function deleteRooms(roomIds: readonly string[]): Promise<number> {
  const { data, error } = await supabase.rpc('delete_rooms', { room_ids: [...roomIds] });
  if (error) throw new BulkRoomsRefused(readBulkRoomsError(error));
  const deleted = data ?? [];
  const paths = deleted.flatMap((room) => ownImagePaths(room.images, room.user_id, roomImagesBucket));
  if (paths.length > 0) {
    const storage = await supabase.storage();
    const removal = await storage.from(roomImagesBucket).remove(paths);
    if (removal.error) console.error('Rooms deleted, but their images could not be removed', removal.error);
  }
  return deleted.length;
}
