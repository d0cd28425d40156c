import { supabase } from '@/lib/supabase';
import { QrCodeError } from '../errors';
import { checkImageFile, imageStoragePath } from '../image-upload';
import { qrImagesBucket } from './storage';

/** Uploads one room photo to `qr_images/{userId}/{uuid}-{safe file name}` and returns its public URL. */
export async function uploadQrImage(userId: string, file: File): Promise<string> {
  const problem = checkImageFile(file);
  if (problem) throw new QrCodeError('invalidInput', problem);
  const path = imageStoragePath(userId, file.name, crypto.randomUUID());
  const { error } = await supabase.storage
    .from(qrImagesBucket)
    .upload(path, file, { contentType: file.type, cacheControl: '31536000', upsert: false });
  if (error) throw new QrCodeError('uploadFailed', error.message);
  return supabase.storage.from(qrImagesBucket).getPublicUrl(path).data.publicUrl;
}
