import { supabase } from '@/lib/supabase';
import { QrCodeError } from '../errors';
import { qrCodeColumns, toQrCode, type QrCodeRow } from '../rows';
import type { QrCode } from '../types';

/** One QR code of the user; 'QR code not found' (kind notFound) when it is missing or not theirs. */
export async function getQrCode(qrCodeId: string): Promise<QrCode> {
  const { data, error } = await supabase.from('qr_codes').select(qrCodeColumns).eq('id', qrCodeId).maybeSingle();
  // An id that is not a uuid is refused by Postgres (22P02): for the host that is simply "not found".
  if (error && error.code === '22P02') throw new QrCodeError('notFound');
  if (error) throw new QrCodeError('fetchFailed', error.message);
  if (!data) throw new QrCodeError('notFound');
  return toQrCode(data as QrCodeRow);
}
