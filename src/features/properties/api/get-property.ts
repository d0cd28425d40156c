import { supabase } from '@/lib/supabase';
import { propertyColumns, toProperty, type PropertyRow } from '../rows';
import type { Property } from '../types';

/** One property of the user, or null when it does not exist or is someone else's (RLS hides it). */
export async function getProperty(propertyId: string): Promise<Property | null> {
  const { data, error } = await supabase.from('properties').select(propertyColumns).eq('id', propertyId).maybeSingle();
  if (error) throw new Error(error.message);
  return data ? toProperty(data as PropertyRow) : null;
}
