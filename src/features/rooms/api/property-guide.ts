import { supabase } from '@/lib/supabase';
import type { LastChange } from '@/components/last-change';
import { ApiError, notFoundCode, throwIfError } from '@/lib/data/api-error';
import { guideFields, valueAt, withValueAt, type GuideField, type SharedGuideValues } from '@/lib/guide-fields';
import type { TablesUpdate } from '@/types/database';
import { hostValueOf, jsonColumnsOf } from '../rows';
import { propertyGuideColumns, type PropertyGuideRow } from '@/lib/data/rows';
import { takeEarlyRead } from '@/first-paint/dashboard/early-reads';

/** The guide content a property's rooms share (each room may override any of it): the list's inheritable fields. */
export type PropertyGuide = SharedGuideValues;

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

const jsonColumns = jsonColumnsOf(sharedFields);

/**
 * The shared guide, and `stored`: the JSON columns as they are, so that a save keeps what the form does not edit (keys
 * of `content` other than the WiFi, written by other screens or a later app).
 */
export async function getPropertyGuide(
  propertyId: string,
  userId: string,
): Promise<{ name: string; guide: PropertyGuide; stored: Record<string, unknown>; lastChange: LastChange }> {
  // A room list opened directly asked for it from the entry (src/main.tsx), before the app had loaded.
  const early = await takeEarlyRead<PropertyGuideRow>('property_guide', userId, propertyId);
  const { data, error } = early
    ? { data: early[0] ?? null, error: null }
    : await supabase.from('properties').select(propertyGuideColumns).eq('id', propertyId).maybeSingle();
  throwIfError(error);
  if (!data) throw new ApiError({ code: notFoundCode, message: 'Property not found' });
  let guide = {} as PropertyGuide;
  for (const field of sharedFields) guide = withValueAt(guide, field.key, hostValueOf(field, valueAt(data, field.path), { emptyColours: true }));
  const stored = Object.fromEntries(jsonColumns.map((column) => [column, record(valueAt(data, column))]));
  return { name: data.name, stored, guide, lastChange: { at: data.updated_at, by: data.changed_by } };
}

/** Saves the shared guide; the database validates it (its refusal names the field) and every inheriting room shows it at once. */
export async function savePropertyGuide(propertyId: string, guide: PropertyGuide, stored: Record<string, unknown>): Promise<void> {
  let update: Record<string, unknown> = structuredClone(stored);
  for (const field of sharedFields) update = withValueAt(update, field.path, savedValueOf(field, valueAt(guide, field.key)));
  const { data, error } = await supabase
    .from('properties')
    .update(update as TablesUpdate<'properties'>)
    .eq('id', propertyId)
    .select('id');
  throwIfError(error);
  if (!data || data.length === 0) throw new ApiError({ code: notFoundCode, message: 'Property not found' });
}
