/**
 * Reads and writes of the host's translations: a property's or a room's originals with `translations` and the
 * database's `translation_status`, the rooms' statuses for a property, the save (the `translations` column only,
 * so nothing else of the row is touched), and the optional machine translation (Edge Function `translate-guide`).
 */
import { supabase } from '@/lib/supabase';
import { ApiError, notFoundCode, readFunctionError, throwIfError } from '@/lib/data/api-error';
import type { Json } from '@/types/database';

export const propertyTextColumns = 'id, name, original_language, hotel, area, translations, translation_status' as const;
export const roomTextColumns = 'id, property_id, name, room_number, hotel, area, translations, translation_status' as const;

export async function getPropertyTexts(propertyId: string) {
  const { data, error } = await supabase.from('properties').select(propertyTextColumns).eq('id', propertyId).maybeSingle();
  throwIfError(error);
  if (!data) throw new ApiError({ code: notFoundCode, message: 'Property not found' });
  return data;
}

export async function getRoomTexts(roomId: string) {
  const { data, error } = await supabase.from('qr_codes').select(roomTextColumns).eq('id', roomId).maybeSingle();
  throwIfError(error);
  if (!data) throw new ApiError({ code: notFoundCode, message: 'Room not found' });
  return data;
}

/** Each room of a property with its own texts and their translations, in the room list's order. */
export async function listRoomStatuses(propertyId: string) {
  const { data, error } = await supabase
    .from('qr_codes')
    .select('id, name, room_number, hotel, area, translations')
    .eq('property_id', propertyId)
    .order('created_at', { ascending: true });
  throwIfError(error);
  return data ?? [];
}

export async function saveTranslations(table: 'properties' | 'qr_codes', id: string, translations: NonNullable<Json>): Promise<void> {
  const { data, error } = await supabase.from(table).update({ translations }).eq('id', id).select('id');
  throwIfError(error);
  if (!data || data.length === 0) throw new ApiError({ code: notFoundCode, message: 'Not found' });
}

/** Whether the deployment has a translation provider (without one the app offers no machine translation). */
export async function machineTranslationAvailable(): Promise<boolean> {
  const functions = await supabase.functions();
  const { data, error } = await functions.invoke<{ available?: boolean }>('translate-guide', { method: 'GET' });
  if (error) return false;
  return data?.available === true;
}

export interface MachineTranslationResult {
  translated: number;
}

/** Fills every missing translation of a property (and its rooms' own texts) or of one room. */
export async function translateMissing(target: { property_id: string } | { room_id: string }): Promise<MachineTranslationResult> {
  const functions = await supabase.functions();
  const { data, error } = await functions.invoke<MachineTranslationResult>('translate-guide', { body: target });
  if (error) throw await readFunctionError(error);
  return { translated: data?.translated ?? 0 };
}
