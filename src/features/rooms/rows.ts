import type { Json, Tables, TablesInsert } from '@/types/database';
import type { RoomRow } from '@/lib/data/rows';
import { guideFields, isGuideTemplate, valueAt, withValueAt, type GuideField } from '@/lib/guide-fields';
import { emptyValueOf, type GuideFormValues, type Room, type RoomFormValues, type RoomSummary } from './types';

/** The `qr_codes` columns the detail page and the form read; the row type is the generated one. */
export const roomColumns =
  'id, property_id, user_id, name, room_number, hotel, area, style, content, images, template, scan_count, last_scanned_at, created_at' as const;
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
>;

type JsonObject = { [key: string]: Json | undefined };

/** JSON columns arrive as `Json`: read them defensively, so a row written by an older app still opens. */
function record(value: Json | undefined): JsonObject {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function text(value: Json | undefined, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

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

function overrideText(value: Json | undefined): string | null {
  if (value === null) return '';
  return typeof value === 'string' && value !== '' ? value : null;
}

function overrideList(value: Json | undefined): string[] | null {
  if (value === null) return [];
  const items = Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  return items.length > 0 ? items : null;
}

export function toRoomFormValues(row: RoomFormRow): RoomFormValues {
  const hotel = record(row.hotel);
  const area = record(row.area);
  const style = record(row.style);
  const content = record(row.content);
  const wifi = content.wifi;
  // A wifi that is there but not an object (null) is "no WiFi in this room": both fields overridden with nothing.
  const noWifi = 'wifi' in content && (wifi === null || typeof wifi !== 'object' || Array.isArray(wifi));
  const wifiKeys = record(wifi);
  return {
    name: row.name,
    roomNumber: row.room_number,
    images: row.images,
    template: isGuideTemplate(row.template) ? row.template : null,
    style: {
      primaryColor: overrideText(style.primaryColor),
      backgroundColor: overrideText(style.backgroundColor),
      logoUrl: overrideText(style.logoUrl),
      roomPhotoUrl: text(style.roomPhotoUrl),
    },
    wifi: noWifi ? { network: '', password: '' } : { network: overrideText(wifiKeys.network), password: overrideText(wifiKeys.password) },
    hotel: {
      name: overrideText(hotel.name),
      phone: overrideText(hotel.phone),
      website: overrideText(hotel.website),
      description: overrideText(hotel.description),
    },
    area: { location: overrideText(area.location), activities: overrideList(area.activities), businessLink: overrideText(area.businessLink) },
  };
}

/** Only the overrides: inherited fields are left out, empty overrides become JSON null. */
function overridesOf(fields: Record<string, string | string[] | null>): { [key: string]: Json } {
  const stored: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) continue;
    stored[key] = value === '' || (Array.isArray(value) && value.length === 0) ? null : value;
  }
  return stored;
}

export function toRoomWrite(values: RoomFormValues): RoomWrite {
  const { roomPhotoUrl, ...look } = values.style;
  const noWifi = values.wifi.network === '' && values.wifi.password === '';
  const wifi = overridesOf(values.wifi);
  return {
    name: values.name,
    room_number: values.roomNumber,
    hotel: overridesOf(values.hotel),
    area: overridesOf(values.area),
    style: { ...overridesOf(look), roomPhotoUrl },
    content: noWifi ? { wifi: null } : Object.keys(wifi).length > 0 ? { wifi } : {},
    images: values.images,
    template: values.template,
  };
}
