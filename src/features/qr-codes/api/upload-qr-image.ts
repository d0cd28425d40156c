import { supabase } from '@/lib/supabase';
import { ApiError, throwIfError } from '@/lib/data/api-error';
import { checkImageFile, imageStoragePath } from '../image-upload';
import { qrImagesBucket } from './storage';

/** Uploads one room photo to `qr_images/{userId}/{uuid}-{safe file name}` and returns its public URL. */
export async function uploadQrImage(userId: string, file: File): Promise<string> {
  const problem = checkImageFile(file);
  if (problem) throw new ApiError({ code: 'invalid_image', message: problem });
  const path = imageStoragePath(userId, file.name, crypto.randomUUID());
  const { error } = await supabase.storage.from(qrImagesBucket).upload(path, file, { contentType: file.type, cacheControl: '31536000', upsert: false });
  throwIfError(error);
  return supabase.storage.from(qrImagesBucket).getPublicUrl(path).data.publicUrl;
}
