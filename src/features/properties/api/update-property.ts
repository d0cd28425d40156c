import { supabase } from '@/lib/supabase';
import { ApiError, notFoundCode, throwIfError } from '@/lib/data/api-error';
import type { PropertyInput } from '../property-form-validation';

export async function updateProperty(propertyId: string, input: PropertyInput): Promise<void> {
  const { data, error } = await supabase.from('properties').update(input).eq('id', propertyId).select('id');
  throwIfError(error);
  // RLS turns an update of a row the user may not see into "0 rows": that is a failure too.
  if (!data || data.length === 0) throw new ApiError({ code: notFoundCode, message: 'Property not found' });
}
