import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import { i18n, toSupportedLanguage } from '@/lib/i18n';
import type { PropertyInput } from '../property-form-validation';

/**
 * Creates a property and returns its id; `user_id` defaults to the caller (auth.uid()) in the database. The host
 * writes its texts in the language the app shows, so that is the texts' original language (changeable later).
 */
export async function createProperty(input: PropertyInput): Promise<string> {
  const originalLanguage = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
  const { data, error } = await supabase
    .from('properties')
    .insert({ ...input, original_language: originalLanguage })
    .select('id')
    .single();
  throwIfError(error);
  return data?.id ?? '';
}
