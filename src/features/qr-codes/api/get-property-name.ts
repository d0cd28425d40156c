import { supabase } from '@/lib/supabase';

/** The name of one of the user's properties (the QR screens' subtitle), or null when it is not theirs. */
export async function getPropertyName(propertyId: string): Promise<string | null> {
  const { data, error } = await supabase.from('properties').select('name').eq('id', propertyId).maybeSingle();
  if (error && error.code === '22P02') return null; // not a uuid: no such property
  if (error) throw new Error(error.message);
  return (data as { name: string } | null)?.name ?? null;
}
