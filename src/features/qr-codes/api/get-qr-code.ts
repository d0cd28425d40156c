import { supabase } from '@/lib/supabase';
import { ApiError, malformedIdCode, notFoundCode, toApiError } from '@/lib/data/api-error';
import { guideLookOf, roomQrLook } from '../room-qr-look';
import { qrCodeColumns, toQrCode } from '../rows';
import type { QrCode } from '../types';

const columns = `${qrCodeColumns}, guide` as const;

/**
 * One QR code of the user for its detail page; code not_found when it is missing, not theirs, or the id is no uuid.
 * Its look is the merged guide's (the `guide` computed field): a room that inherits the property's colours and logo
 * shows and downloads its QR in them, as its print card and "Download all" do.
 */
export async function getQrCode(qrCodeId: string): Promise<QrCode> {
  const { data, error } = await supabase.from('qr_codes').select(columns).eq('id', qrCodeId).maybeSingle();
  if (error && error.code !== malformedIdCode) throw toApiError(error);
  if (!data) throw new ApiError({ code: notFoundCode, message: 'QR code not found' });
  const { guide, ...row } = data;
  const qrCode = toQrCode(row);
  const {
    primaryColor = qrCode.style.primaryColor,
    backgroundColor = qrCode.style.backgroundColor,
    logoUrl = '',
  } = roomQrLook('', qrCode.id, guideLookOf(guide));
  return { ...qrCode, style: { ...qrCode.style, primaryColor, backgroundColor, logoUrl } };
}
