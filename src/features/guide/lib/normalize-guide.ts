import type { Guide } from '../types';
import { isGuideTemplate } from './theme';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const optionalText = (value: unknown): string | null => text(value) || null;
const object = (value: unknown): JsonObject => (isObject(value) ? value : {});

/** Only http(s) links become links; anything else (javascript:, data:) is dropped. */
export function safeHttpUrl(value: unknown): string {
  const raw = text(value);
  if (!raw) return '';
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

/** `tel:` wants digits and a leading +; spaces, dots and brackets are for people. */
export function telHref(phone: string): string {
  const dialable = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return dialable ? `tel:${dialable}` : '';
}

/**
 * `get_guide` returns jsonb; this turns it into a `Guide` without trusting its shape (null for "no such guide"),
 * accepting both `content.wifi` and a flattened `wifi`, and `property_name` or `property.name`.
 */
export function normalizeGuide(raw: unknown): Guide | null {
  if (!isObject(raw) || !text(raw.id)) return null;
  const style = object(raw.style);
  const wifiSource = object(object(raw.content).wifi ?? raw.wifi);
  const network = text(wifiSource.network);
  const hotel = object(raw.hotel);
  const area = object(raw.area);
  const images = Array.isArray(raw.images) ? raw.images.map(safeHttpUrl).filter(Boolean) : [];
  return {
    id: text(raw.id),
    name: text(raw.name),
    roomNumber: text(raw.room_number ?? raw.roomNumber),
    template: isGuideTemplate(raw.template) ? raw.template : 'custom',
    style: {
      primaryColor: optionalText(style.primaryColor),
      backgroundColor: optionalText(style.backgroundColor),
      logoUrl: safeHttpUrl(style.logoUrl) || null,
      roomPhotoUrl: safeHttpUrl(style.roomPhotoUrl) || null,
    },
    wifi: network ? { network, password: typeof wifiSource.password === 'string' ? wifiSource.password : '' } : null,
    hotel: {
      name: text(hotel.name),
      phone: text(hotel.phone),
      website: safeHttpUrl(hotel.website),
      description: text(hotel.description),
    },
    area: {
      location: text(area.location),
      activities: Array.isArray(area.activities) ? area.activities.map(text).filter(Boolean) : [],
      businessLink: safeHttpUrl(area.businessLink ?? area.business_link),
    },
    images,
    propertyName: optionalText(raw.property_name ?? object(raw.property).name),
  };
}

/** The room photo: the host's chosen one, else the first uploaded image. */
export function roomPhoto(guide: Guide): string | null {
  return guide.style.roomPhotoUrl ?? guide.images[0] ?? null;
}
