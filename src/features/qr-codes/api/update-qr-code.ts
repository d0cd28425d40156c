import { supabase } from '@/lib/supabase';
import { classifyQrWriteError, QrCodeError } from '../errors';
import { toQrCodeWrite } from '../rows';
import type { QrFormValues } from '../types';

export async function updateQrCode(id: string, values: QrFormValues): Promise<void> {
  const { data, error } = await supabase.from('qr_codes').update(toQrCodeWrite(values)).eq('id', id).select('id');
  if (error) throw new QrCodeError(classifyQrWriteError(error, 'updateFailed'), error.message);
  if ((data as unknown[]).length === 0) throw new QrCodeError('notFound');
}
