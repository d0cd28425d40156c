import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import { toQrCodeWrite } from '../rows';
import type { QrFormValues } from '../types';

/**
 * Creates a QR code with the id the form generated (its preview already shows that id's guide URL).
 * The database's quota trigger refuses it over the limit (code QUOTA); its validation trigger refuses bad
 * input with the field in `field`.
 */
export async function createQrCode(id: string, propertyId: string, values: QrFormValues): Promise<void> {
  const { error } = await supabase.from('qr_codes').insert({ id, property_id: propertyId, ...toQrCodeWrite(values) });
  throwIfError(error);
}
