import { supabase } from '@/lib/supabase';
import { ownImagePaths } from '../room-form/image-upload';
import { roomImagesBucket } from './storage';

/**
 * Removes uploaded images a room no longer uses (replaced on edit, or uploaded in a form that was
 * cancelled). Best effort: a leftover file costs a little storage, never a broken guide, so failures
 * are only logged.
 */
export async function removeRoomImages(userId: string, urls: readonly string[]): Promise<void> {
  const paths = ownImagePaths(urls, userId, roomImagesBucket);
  if (paths.length === 0) return;
  const storage = await supabase.storage();
  const { error } = await storage.from(roomImagesBucket).remove(paths);
  if (error) console.error('Unused images could not be removed', error);
}
