import { supabase } from '@/lib/supabase';
import { ApiError, notFoundCode, throwIfError } from '@/lib/data/api-error';
import { ownImagePaths } from '../room-form/image-upload';
import { roomImagesBucket } from './storage';

/**
 * Deletes a QR code, then the images uploaded for it (its `images` list). The row goes first (the
 * delete returns its images), so a failed delete never leaves a room without its photos; a failed
 * image removal is only logged, because the room itself is gone and the host cannot act on it.
 */
export async function deleteRoom(id: string): Promise<void> {
  const { data, error } = await supabase.from('qr_codes').delete().eq('id', id).select('user_id, images');
  throwIfError(error);
  const deleted = data?.[0];
  if (!deleted) throw new ApiError({ code: notFoundCode, message: 'QR code not found' });
  // Only the room's own uploads: a logo or photo URL typed in may point at another room's file.
  const paths = ownImagePaths(deleted.images, deleted.user_id, roomImagesBucket);
  if (paths.length === 0) return;
  const storage = await supabase.storage();
  const removal = await storage.from(roomImagesBucket).remove(paths);
  if (removal.error) console.error('QR code deleted, but its images could not be removed', removal.error);
}
