import { supabase } from '@/lib/supabase';
import { ApiError, notFoundCode, throwIfError } from '@/lib/data/api-error';
import { toQrCodeWrite } from '../rows';
import type { QrFormValues } from '../types';

export async function updateQrCode(id: string, values: QrFormValues): Promise<void> {
  const { data, error } = await supabase.from('qr_codes').update(toQrCodeWrite(values)).eq('id', id).select('id');
  throwIfError(error);
  // RLS turns an update of a row the user may not see into "0 rows": that is a failure too.
  if (!data || data.length === 0) throw new ApiError({ code: notFoundCode, message: 'QR code not found' });
}
