import { supabase } from '@/lib/supabase';
import type { PropertyInput } from '../property-form-validation';

/** Creates a property; `user_id` defaults to the caller (auth.uid()) in the database. */
export async function createProperty(input: PropertyInput): Promise<string> {
  const { data, error } = await supabase.from('properties').insert(input).select('id').single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}
