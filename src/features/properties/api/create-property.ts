import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import { i18n, toSupportedLanguage } from '@/lib/i18n';
import type { PropertyInput } from '../property-form-validation';

/**
 * Creates a property in the team the host works in and returns its id (the database sets `user_id` to the team's
 * account and refuses a team the caller may not add properties to). The host writes its texts in the language the app
 * shows, so that is the texts' original language (changeable later).
 */
export async function createProperty(teamId: string, input: PropertyInput): Promise<string> {
  const originalLanguage = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
  const { data, error } = await supabase
    .from('properties')
    .insert({ ...input, team_id: teamId, original_language: originalLanguage })
    .select('id')
    .single();
  throwIfError(error);
  return data?.id ?? '';
}
