import { guideFields, valueAt, withValueAt, type GuideField, type GuideValues } from '@/lib/guide-fields';
import type { Guide } from '../types';
import { readTranslations } from './localize-guide';
import { readNotices } from './notices';
import { isGuestRequestType } from '@/lib/guest-requests';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

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

/** One field's value as a guest may see it, whatever the JSON held. */
function readField(field: GuideField, value: unknown): string | string[] {
  switch (field.kind) {
    case 'url':
      return safeHttpUrl(value);
    case 'list': {
      const read = field.item.kind === 'url' ? safeHttpUrl : text;
      return Array.isArray(value) ? value.map(read).filter(Boolean) : [];
    }
    case 'choice':
      return (field.choices as readonly unknown[]).includes(value) ? (value as string) : field.choices[0];
    default:
      if ('keepSpaces' in field && field.keepSpaces) return typeof value === 'string' ? value : '';
      return text(value);
  }
}

/**
 * `get_guide` returns jsonb; this turns it into a `Guide` without trusting its shape (null for "no such guide"):
 * every field of the field list read at its path, by its kind.
 */
export function normalizeGuide(raw: unknown): Guide | null {
  if (!isObject(raw) || !text(raw.id)) return null;
  let values = {} as GuideValues;
  for (const field of guideFields) values = withValueAt(values, field.key, readField(field, valueAt(raw, field.path)));
  return {
    ...values,
    id: text(raw.id),
    wifi: values.wifi.network ? values.wifi : null,
    propertyName: text(raw.property_name) || null,
    translations: readTranslations(raw),
    requests: readRequests(raw.requests),
    notices: readNotices(raw.notices),
  };
}

/** Requests are on only when the guide says so and offers at least one type it knows. */
function readRequests(raw: unknown): Guide['requests'] {
  const types = isObject(raw) && Array.isArray(raw.types) ? raw.types.filter(isGuestRequestType) : [];
  return { enabled: isObject(raw) && raw.enabled === true && types.length > 0, types };
}

/** The room photo: the host's chosen one, else the first uploaded image. */
export function roomPhoto(guide: Guide): string | null {
  return guide.style.roomPhotoUrl || guide.images[0] || null;
}
