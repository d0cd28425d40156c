import { supabase } from '@/lib/supabase';
import { ApiError, notFoundCode, throwIfError } from '@/lib/data/api-error';

/** Deletes a property; the database deletes its QR codes with it (and frees their quota). */
export async function deleteProperty(propertyId: string): Promise<void> {
  const { data, error } = await supabase.from('properties').delete().eq('id', propertyId).select('id');
  throwIfError(error);
  if (!data || data.length === 0) throw new ApiError({ code: notFoundCode, message: 'Property not found' });
}
