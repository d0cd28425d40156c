import { supabase } from '@/lib/supabase';
import { ApiError, notFoundCode, throwIfError } from '@/lib/data/api-error';
import { guideFields, valueAt, withValueAt, type GuideField, type GuideValues } from '@/lib/guide-fields';
import type { TablesUpdate } from '@/types/database';
import { hostValueOf } from '../rows';

/** The guide content a property's rooms share (each room may override any of it): the list's inheritable fields. */
export type PropertyGuide = Pick<GuideValues, 'hotel' | 'area' | 'template' | 'wifi'> & { style: Omit<GuideValues['style'], 'roomPhotoUrl'> };

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The fields a property sets for its rooms, from the guide's field list. */
const sharedFields = guideFields.filter((field) => field.inheritable);

/** What is saved for a field: trimmed (a WiFi password as typed), list items trimmed and empty ones dropped. */
function savedValueOf(field: GuideField, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item: string) => item.trim()).filter(Boolean);
  if (typeof value !== 'string' || ('keepSpaces' in field && field.keepSpaces)) return value;
  return value.trim();
}

export async function getPropertyGuide(propertyId: string): Promise<{ name: string; guide: PropertyGuide; content: Record<string, unknown> }> {
  const { data, error } = await supabase.from('properties').select('name, hotel, area, style, content, template').eq('id', propertyId).maybeSingle();
  throwIfError(error);
  if (!data) throw new ApiError({ code: notFoundCode, message: 'Property not found' });
  let guide = {} as PropertyGuide;
  for (const field of sharedFields) guide = withValueAt(guide, field.key, hostValueOf(field, valueAt(data, field.path), { emptyColours: true }));
  return { name: data.name, content: record(data.content), guide };
}

/** Saves the shared guide; the database validates it (its refusal names the field) and every inheriting room shows it at once. */
export async function savePropertyGuide(propertyId: string, guide: PropertyGuide, content: Record<string, unknown>): Promise<void> {
  // Other keys of `content` stay as they are; the groups (hotel, area, style) are written whole.
  let update: Record<string, unknown> = { hotel: {}, area: {}, style: {}, content: { ...content } };
  for (const field of sharedFields) update = withValueAt(update, field.path, savedValueOf(field, valueAt(guide, field.key)));
  const { data, error } = await supabase
    .from('properties')
    .update(update as TablesUpdate<'properties'>)
    .eq('id', propertyId)
    .select('id');
  throwIfError(error);
  if (!data || data.length === 0) throw new ApiError({ code: notFoundCode, message: 'Property not found' });
}
