import { supabase } from '@/lib/supabase';

/** Deletes a property; the database deletes its QR codes with it (and frees their quota). */
export async function deleteProperty(propertyId: string): Promise<void> {
  const { data, error } = await supabase.from('properties').delete().eq('id', propertyId).select('id');
  if (error) throw new Error(error.message);
  if ((data as unknown[]).length === 0) throw new Error('Property not found');
}
