import { supabase } from '@/lib/supabase';
import { QrCodeError } from '../errors';
import { qrCodeColumns, toQrCode, type QrCodeRow } from '../rows';
import { sortRooms } from '../room-sort';
import type { QrCode } from '../types';

/** The user's QR codes of one property, sorted by room number (numeric-aware, rooms without a number last). */
export async function listQrCodes(userId: string, propertyId: string): Promise<QrCode[]> {
  const { data, error } = await supabase
    .from('qr_codes')
    .select(qrCodeColumns)
    .eq('user_id', userId)
    .eq('property_id', propertyId)
    .order('created_at', { ascending: true });
  if (error) throw new QrCodeError('fetchFailed', error.message);
  return sortRooms((data as QrCodeRow[]).map(toQrCode));
}
