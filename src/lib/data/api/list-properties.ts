import { supabase } from '@/lib/supabase';
import { throwIfError } from '../api-error';
import { takeEarlyRead } from '../../../first-paint/dashboard/early-reads';
import { propertyColumns, type PropertyRow } from '../rows';

/** The properties of every team the user is in (row-level security decides), oldest first. Room counts come from the rooms read (one cache for both screens). */
export async function listProperties(userId: string): Promise<PropertyRow[]> {
  const early = await takeEarlyRead<PropertyRow>('properties', userId); // started by src/main.tsx on the dashboard and a room list
  if (early) return early;
  const { data, error } = await supabase.from('properties').select(propertyColumns).order('created_at', { ascending: true });
  throwIfError(error);
  return data ?? [];
}
