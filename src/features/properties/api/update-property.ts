import { supabase } from '@/lib/supabase';
import type { PropertyInput } from '../property-form-validation';

export async function updateProperty(propertyId: string, input: PropertyInput): Promise<void> {
  const { data, error } = await supabase.from('properties').update(input).eq('id', propertyId).select('id');
  if (error) throw new Error(error.message);
  // RLS turns an update of a row the user may not see into "0 rows": that is a failure too.
  if ((data as unknown[]).length === 0) throw new Error('Property not found');
}
