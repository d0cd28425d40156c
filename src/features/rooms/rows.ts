import type { Tables, TablesInsert } from '@/types/database';
import type { RoomRow } from '@/lib/data/rows';
import { guideFields, valueAt, withValueAt, type GuideField } from '@/lib/guide-fields';
import { emptyValueOf, type GuideFormValues, type Room, type RoomFormValues, type RoomSummary } from './types';

/** The `qr_codes` columns the detail page and the form read; the row type is the generated one. */
export const roomColumns =
  'id, property_id, user_id, name, room_number, hotel, area, style, content, images, template, scan_count, last_scanned_at, created_at, updated_at, changed_by' as const;
export type RoomCodeRow = Pick<
  Tables<'qr_codes'>,
  | 'id'
  | 'property_id'
  | 'user_id'
  | 'name'
  | 'room_number'
  | 'hotel'
  | 'area'
  | 'style'
  | 'content'
  | 'images'
  | 'template'
  | 'scan_count'
  | 'last_scanned_at'
  | 'created_at'
  | 'updated_at'
  | 'changed_by'
>;

/**
 * A field's value as the host's screens read it from a row, whatever the JSON held (the field's empty value else).
 * A property's colours may be empty (its template's apply): `emptyColours` keeps them so.
 */
export function hostValueOf(field: GuideField, raw: unknown, { emptyColours = false } = {}): string | string[] {
  switch (field.kind) {
    case 'list':
      return Array.isArray(raw) ? raw.filter((item): item is string => typeof item === 'string' && item !== '') : [];
    case 'colour':
      if (emptyColours) return typeof raw === 'string' ? raw : '';
      return typeof raw === 'string' && /^#[0-9a-fA-F]{6}$/.test(raw) ? raw : emptyValueOf(field);
    case 'choice':
      return (field.choices as readonly unknown[]).includes(raw) ? (raw as string) : emptyValueOf(field);
    default:
      return typeof raw === 'string' ? raw : '';
  }
}

/** Every field of the guide's field list, read from the row at the field's path. */
export function guideFormValuesOf(row: RoomCodeRow): GuideFormValues {
  let values = {} as GuideFormValues;
  for (const field of guideFields) values = withValueAt(values, field.key, hostValueOf(field, valueAt(row, field.path)));
  return values;
}

export function toRoom(row: RoomCodeRow): Room {
  return {
    ...guideFormValuesOf(row),
    id: row.id,
    propertyId: row.property_id,
    userId: row.user_id,
    scanCount: row.scan_count ?? 0,
    lastScannedAt: row.last_scanned_at,
    createdAt: row.created_at,
    lastChange: { at: row.updated_at, by: row.changed_by },
  };
}

/** A room as the lists show it (the shared rooms read). */
export function toRoomSummary(row: RoomRow): RoomSummary {
  return { id: row.id, propertyId: row.property_id, name: row.name, roomNumber: row.room_number, scanCount: row.scan_count ?? 0, createdAt: row.created_at };
}

/** The writable content columns (scan columns, user_id and timestamps are not writable: column grants). */
export type RoomWrite = Pick<TablesInsert<'qr_codes'>, 'name' | 'room_number' | 'hotel' | 'area' | 'style' | 'content' | 'images' | 'template'>;

/*
 * A room's shared fields in the database (migration property_guide): a key absent, "" or [] inherits the property's
 * value, a value overrides it, JSON null shows nothing ("not in this room's guide"); `content.wifi: null` = no WiFi in
 * this room; `template: null` = the property's. The form's model (`RoomFormValues`) maps onto it one to one: null =
 * inherit = key absent, an empty override ('' or []) = JSON null.
 */

/** The columns the room form reads: the room's own overrides, not the merged guide. */
export const roomFormColumns = 'property_id, name, room_number, hotel, area, style, content, images, template' as const;
export type RoomFormRow = Pick<Tables<'qr_codes'>, 'property_id' | 'name' | 'room_number' | 'hotel' | 'area' | 'style' | 'content' | 'images' | 'template'>;

/** A shared field's override as the form holds it: absent, "" or [] = inherit (null); JSON null = an empty override. */
function overrideOf(field: GuideField, stored: unknown): string | string[] | null {
  if (field.kind === 'choice') return (field.choices as readonly unknown[]).includes(stored) ? (stored as string) : null;
  if (stored === null) return field.kind === 'list' ? [] : '';
  if (field.kind === 'list') {
    const items = Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
    return items.length > 0 ? items : null;
  }
  return typeof stored === 'string' && stored !== '' ? stored : null;
}

const isGroup = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a room stores at a field's path. A group inside a column that is there but not an object (`content.wifi: null`)
 * means "none of it in this room": each of its fields reads as JSON null, an empty override.
 */
function storedAt(row: unknown, path: string): unknown {
  const [column, ...inside] = path.split('.');
  let value = valueAt(row, column);
  for (const [index, part] of inside.entries()) {
    if (!isGroup(value) || !(part in value)) return undefined;
    value = value[part];
    if (index < inside.length - 1 && !isGroup(value)) return null;
  }
  return value;
}

export function toRoomFormValues(row: RoomFormRow): RoomFormValues {
  let values = {} as RoomFormValues;
  for (const field of guideFields) {
    const stored = storedAt(row, field.path);
    values = withValueAt(values, field.key, field.inheritable ? overrideOf(field, stored) : hostValueOf(field, stored));
  }
  return values;
}

/** An override set to nothing on purpose: the field is not shown in this room's guide. */
export const isEmptyOverride = (value: unknown) => value === '' || (Array.isArray(value) && value.length === 0);
/** The JSON columns the fields live in (`hotel`, `content`, …) and the groups inside them (`content.wifi`). */
export function jsonColumnsOf(fields: readonly GuideField[]): string[] {
  return [...new Set(fields.flatMap((field) => (field.path.includes('.') ? [field.path.split('.')[0]] : [])))];
}
const jsonColumns = jsonColumnsOf(guideFields);
const innerGroups = [...new Set(guideFields.flatMap((field) => (field.path.split('.').length > 2 ? [field.path.slice(0, field.path.lastIndexOf('.'))] : [])))];

/**
 * The row to write: the room's own fields; of the shared ones only the overrides (an inherited field is left out,
 * `template: null`; an empty override is JSON null). Each JSON column is written whole, so an override the host
 * removed is removed; a group whose every field is an empty override is stored as null ("no WiFi in this room").
 */
export function toRoomWrite(values: RoomFormValues): RoomWrite {
  let write: Record<string, unknown> = Object.fromEntries(jsonColumns.map((column) => [column, {}]));
  for (const field of guideFields) {
    const value = valueAt(values, field.key);
    if (!field.inheritable) write = withValueAt(write, field.path, value);
    else if (value === null) {
      if (!field.path.includes('.')) write = withValueAt(write, field.path, null);
    } else write = withValueAt(write, field.path, isEmptyOverride(value) ? null : value);
  }
  for (const group of innerGroups) {
    const fields = guideFields.filter((field) => field.path.startsWith(`${group}.`));
    if (fields.every((field) => isEmptyOverride(valueAt(values, field.key)))) write = withValueAt(write, group, null);
  }
  return write as RoomWrite;
}
