import type { Json, Tables, TablesInsert } from '@/types/database';
import type { RoomRow } from '@/lib/data/rows';
import { isTemplate } from './templates';
import type { QrCode, QrFormValues, RoomSummary } from './types';

/** The `qr_codes` columns the detail page and the form read; the row type is the generated one. */
export const qrCodeColumns =
  'id, property_id, user_id, name, room_number, hotel, area, style, content, images, template, scan_count, last_scanned_at, created_at' as const;
export type QrCodeRow = Pick<
  Tables<'qr_codes'>,
  'id' | 'property_id' | 'user_id' | 'name' | 'room_number' | 'hotel' | 'area' | 'style' | 'content' | 'images' | 'template' | 'scan_count' | 'last_scanned_at' | 'created_at'
>;

type JsonObject = { [key: string]: Json | undefined };

/** JSON columns arrive as `Json`: read them defensively, so a row written by an older app still opens. */
function record(value: Json | undefined): JsonObject {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function text(value: Json | undefined, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function colour(value: Json | undefined, fallback: string): string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback;
}

export function toQrCode(row: QrCodeRow): QrCode {
  const hotel = record(row.hotel);
  const area = record(row.area);
  const style = record(row.style);
  const wifi = record(record(row.content).wifi);
  const activities = area.activities;
  return {
    id: row.id,
    propertyId: row.property_id,
    userId: row.user_id,
    name: row.name,
    roomNumber: row.room_number,
    hotel: { name: text(hotel.name), phone: text(hotel.phone), website: text(hotel.website), description: text(hotel.description) },
    area: {
      location: text(area.location),
      activities: Array.isArray(activities) ? activities.filter((a): a is string => typeof a === 'string') : [],
      businessLink: text(area.businessLink),
    },
    style: {
      primaryColor: colour(style.primaryColor, '#000000'),
      backgroundColor: colour(style.backgroundColor, '#ffffff'),
      logoUrl: text(style.logoUrl),
      roomPhotoUrl: text(style.roomPhotoUrl),
    },
    wifi: { network: text(wifi.network), password: text(wifi.password) },
    images: row.images,
    template: isTemplate(row.template) ? row.template : 'custom',
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
export type QrCodeWrite = Pick<TablesInsert<'qr_codes'>, 'name' | 'room_number' | 'hotel' | 'area' | 'style' | 'content' | 'images' | 'template'>;

export function toQrCodeWrite(values: QrFormValues): QrCodeWrite {
  return {
    name: values.name,
    room_number: values.roomNumber,
    hotel: values.hotel,
    area: values.area,
    style: values.style,
    content: { wifi: values.wifi },
    images: values.images,
    template: values.template,
  };
}
