import { supabase } from '@/lib/supabase';
import { ApiError, throwIfError } from '@/lib/data/api-error';
import { checkImageFile, imageStoragePath } from '../room-form/image-upload';
import { roomImagesBucket } from './storage';

/** Uploads one room photo to `qr_images/{folder}/{uuid}-{safe file name}` (the team account's folder) and returns its public URL. */
export async function uploadRoomImage(folder: string, file: File): Promise<string> {
  const problem = checkImageFile(file);
  if (problem) throw new ApiError({ code: 'invalid_image', message: problem });
  const path = imageStoragePath(folder, file.name, crypto.randomUUID());
  const storage = await supabase.storage();
  const { error } = await storage.from(roomImagesBucket).upload(path, file, { contentType: file.type, cacheControl: '31536000', upsert: false });
  throwIfError(error);
  return storage.from(roomImagesBucket).getPublicUrl(path).data.publicUrl;
}
