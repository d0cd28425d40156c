import type { LastChange } from '@/components/last-change';
import { guideFields, withValueAt, type GuideField, type GuideOverrides, type GuideValues } from '@/lib/guide-fields';
import { templateColors } from './templates';

/**
 * The shapes of the JSON columns of `qr_codes` as the app reads and writes them, from the guide's field list
 * (src/lib/guide-fields.ts). The database types them as `Json`; these are what the form, the detail page and the
 * guide agree on. They are type aliases rather than interfaces because only aliases are assignable to the
 * generated `Json` type.
 */
export type HotelInfo = GuideValues['hotel'];
export type AreaInfo = GuideValues['area'];
export type GuideStyle = GuideValues['style'];
export type WifiInfo = GuideValues['wifi'];

/** Everything a host types into the create/edit form: every guide field. */
export type GuideFormValues = GuideValues;

/**
 * A room as the form reads and saves it: its own name, number and photos, and for every field the property shares
 * either the room's override or `null` = "use the property's value". An override may be empty ('' or []): this room's
 * guide then shows nothing for the field although the property has a value (the database's JSON null, see
 * rows.ts). Which fields are shared is `inheritable` in src/lib/guide-fields.ts.
 */
export type RoomFormValues = GuideOverrides;

/** One QR code as the dashboard shows it. */
export interface Room extends GuideFormValues {
  id: string;
  propertyId: string;
  userId: string;
  scanCount: number;
  lastScannedAt: string | null;
  createdAt: string;
  lastChange: LastChange;
}

/** One room as the QR list shows it. */
export type RoomSummary = Pick<Room, 'id' | 'propertyId' | 'name' | 'roomNumber' | 'scanCount' | 'createdAt'>;

/** A field's value when nothing is set: no text, no items, the first choice, and the default template's colours. */
export function emptyValueOf(field: GuideField): string | string[] {
  if (field.kind === 'list') return [];
  if (field.kind === 'choice') return field.choices[0];
  if (field.kind === 'colour') return templateColors.custom[field.key === 'style.primaryColor' ? 'primaryColor' : 'backgroundColor'];
  return '';
}

/** Every field of the guide's field list with nothing set. */
export function emptyGuideFormValues(): GuideFormValues {
  let values = {} as GuideFormValues;
  for (const field of guideFields) values = withValueAt(values, field.key, emptyValueOf(field));
  return values;
}
