import { supabase } from '@/lib/supabase';
import { propertyColumns, toProperty, type PropertyRow } from '../rows';
import type { Property } from '../types';

/** The user's properties, oldest first, each with its number of rooms (one request: an embedded count). */
export async function listProperties(userId: string): Promise<Property[]> {
  const { data, error } = await supabase
    .from('properties')
    .select(`${propertyColumns}, qr_codes(count)`)
    .eq('user_id', userId)
    .order('created_at', { ascending: true });
  if (error) throw new Error(error.message);
  return (data as PropertyRow[]).map(toProperty);
}
