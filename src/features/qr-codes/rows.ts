import { isTemplate } from './templates';
import type { AreaInfo, HotelInfo, QrCode, QrFormValues, QrStyle, QrTemplate, WifiInfo } from './types';

/** The `qr_codes` columns the dashboard reads and writes (DESIGN.md §3). JSON columns arrive untyped. */
export interface QrCodeRow {
  id: string;
  property_id: string;
  user_id: string;
  name: string;
  room_number: string | null;
  hotel: unknown;
  area: unknown;
  style: unknown;
  content: unknown;
  images: string[] | null;
  template: string | null;
  scan_count: number | null;
  last_scanned_at: string | null;
  created_at: string;
}

export const qrCodeColumns =
  'id, property_id, user_id, name, room_number, hotel, area, style, content, images, template, scan_count, last_scanned_at, created_at';

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function colour(value: unknown, fallback: string): string {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback;
}

export function toQrCode(row: QrCodeRow): QrCode {
  const hotel = record(row.hotel);
  const area = record(row.area);
  const style = record(row.style);
  const wifi = record(record(row.content).wifi);
  return {
    id: row.id,
    propertyId: row.property_id,
    userId: row.user_id,
    name: row.name,
    roomNumber: row.room_number ?? '',
    hotel: { name: text(hotel.name), phone: text(hotel.phone), website: text(hotel.website), description: text(hotel.description) },
    area: {
      location: text(area.location),
      activities: Array.isArray(area.activities) ? area.activities.filter((a): a is string => typeof a === 'string') : [],
      businessLink: text(area.businessLink),
    },
    style: {
      primaryColor: colour(style.primaryColor, '#000000'),
      backgroundColor: colour(style.backgroundColor, '#ffffff'),
      logoUrl: text(style.logoUrl),
      roomPhotoUrl: text(style.roomPhotoUrl),
    },
    wifi: { network: text(wifi.network), password: text(wifi.password) },
    images: (row.images ?? []).filter((i) => typeof i === 'string'),
    template: isTemplate(row.template) ? row.template : 'custom',
    scanCount: row.scan_count ?? 0,
    lastScannedAt: row.last_scanned_at,
    createdAt: row.created_at,
  };
}

/** The writable content columns (scan columns, user_id and timestamps are not writable: column grants). */
export interface QrCodeWrite {
  name: string;
  room_number: string;
  hotel: HotelInfo;
  area: AreaInfo;
  style: QrStyle;
  content: { wifi: WifiInfo };
  images: string[];
  template: QrTemplate;
}

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
