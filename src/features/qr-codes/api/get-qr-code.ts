import { supabase } from '@/lib/supabase';
import { ApiError, malformedIdCode, notFoundCode, toApiError } from '@/lib/data/api-error';
import { qrCodeColumns, toQrCode } from '../rows';
import type { QrCode } from '../types';

/** One QR code of the user; code not_found when it is missing, not theirs, or the id is no uuid. */
export async function getQrCode(qrCodeId: string): Promise<QrCode> {
  const { data, error } = await supabase.from('qr_codes').select(qrCodeColumns).eq('id', qrCodeId).maybeSingle();
  if (error && error.code !== malformedIdCode) throw toApiError(error);
  if (!data) throw new ApiError({ code: notFoundCode, message: 'QR code not found' });
  return toQrCode(data);
}
