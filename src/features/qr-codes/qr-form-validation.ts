import { guideField, guideFields, utf8Length, valueAt, withValueAt, type GuideField, type GuideFieldKey } from '@/lib/guide-fields';
import type { QrFormValues } from './types';

/**
 * Checks the create/edit form before anything is sent, so the host sees every problem next to its field, with
 * the rules of the guide's field list (src/lib/guide-fields.ts), which the database enforces as well; these keep
 * the messages in the host's language. Values are i18n keys in the `qr` namespace.
 */
export type QrFieldKey = GuideFieldKey;

export type QrFormErrors = Partial<Record<QrFieldKey, string>>;

/** The bounds the form's messages name, from the field list (the database's bounds). */
export const qrFieldLimits = {
  name: guideField('name').maxLength,
  roomNumber: guideField('roomNumber').maxLength,
  hotelName: guideField('hotel.name').maxLength,
  phone: guideField('hotel.phone').maxLength,
  description: guideField('hotel.description').maxLength,
  location: guideField('area.location').maxLength,
  url: guideField('hotel.website').maxLength,
  activity: guideField('area.activities').item.maxLength,
  activities: guideField('area.activities').maxLength,
  wifiNetworkBytes: guideField('wifi.network').maxLength,
  wifiPassword: guideField('wifi.password').maxLength,
  images: guideField('images').maxLength,
} as const;

const colourPattern = /^#[0-9a-fA-F]{6}$/;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function isHexColour(value: string): boolean {
  return colourPattern.test(value);
}

/** The message for one field's value, or undefined when it is fine. */
function problemOf(field: GuideField, value: unknown): string | undefined {
  if (field.kind === 'choice') return undefined; // a select offers only valid choices
  if (field.kind === 'list') {
    // Photos come from the picker, which keeps its own count; the uploads are links the app made.
    if (field.item.kind === 'url') return undefined;
    const items = Array.isArray(value) ? value.map(String) : [];
    return items.length > field.maxLength || items.some((item) => item.length > field.item.maxLength) ? 'validation.activities' : undefined;
  }
  const text = typeof value === 'string' ? value : '';
  if ('required' in field && field.required && text.trim() === '') return 'validation.nameAndRoomRequired';
  switch (field.kind) {
    case 'colour':
      return isHexColour(text) ? undefined : 'validation.colour';
    case 'ssid':
      return utf8Length(text) > field.maxLength ? 'validation.ssidTooLong' : undefined;
    case 'url':
      if (text.trim() === '') return undefined;
      if (!isHttpUrl(text)) return 'validation.url';
      break;
  }
  const measured = 'keepSpaces' in field && field.keepSpaces ? text : text.trim();
  return measured.length > field.maxLength ? 'validation.tooLong' : undefined;
}

export function validateQrForm(values: QrFormValues): QrFormErrors {
  const errors: QrFormErrors = {};
  for (const field of guideFields) {
    const problem = problemOf(field, valueAt(values, field.key));
    if (problem) errors[field.key] = problem;
  }
  return errors;
}

/** The spec's single message for a missing name or room number. */
export function isMissingNameOrRoom(errors: QrFormErrors): boolean {
  return errors.name === 'validation.nameAndRoomRequired' || errors.roomNumber === 'validation.nameAndRoomRequired';
}

/** Trims what the host typed (a WiFi password stays as typed) and drops empty list entries before saving. */
export function normaliseQrForm(values: QrFormValues): QrFormValues {
  let normalised = values;
  for (const field of guideFields) {
    const value = valueAt(values, field.key);
    if (field.kind === 'list' && field.item.kind === 'text' && Array.isArray(value)) {
      normalised = withValueAt(normalised, field.key, value.map((item: string) => item.trim()).filter((item) => item !== ''));
    } else if ((field.kind === 'text' || field.kind === 'url' || field.kind === 'ssid') && typeof value === 'string' && !('keepSpaces' in field && field.keepSpaces)) {
      normalised = withValueAt(normalised, field.key, value.trim());
    }
  }
  return normalised;
}
