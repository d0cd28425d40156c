import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import type { PropertyInput } from '../property-form-validation';

/** Creates a property and returns its id; `user_id` defaults to the caller (auth.uid()) in the database. */
export async function createProperty(input: PropertyInput): Promise<string> {
  const { data, error } = await supabase.from('properties').insert(input).select('id').single();
  throwIfError(error);
  return data?.id ?? '';
}
