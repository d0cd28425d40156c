import { guideField, guideFields, valueAt, withValueAt, type GuideFieldKey } from '@/lib/guide-fields';
import type { GuideFormValues } from '../types';

/**
 * Checks the create/edit form before anything is sent, where the spec wants a message first: name and
 * room number. Every other rule (links, colours, lengths) is the database's (the validate_qr_code trigger);
 * its refusal names the field and the form shows the message at it (`errors.ts`). Values are i18n keys in
 * the `qr` namespace.
 */
export type RoomFieldKey = GuideFieldKey;

export type RoomFormErrors = Partial<Record<RoomFieldKey, string>>;

/** The bounds the form's messages name, from the field list (the database's bounds). */
export const roomFieldLimits = {
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

/** Whether the preview can use a colour as typed (the database decides whether it may be saved). */
export function isHexColour(value: string): boolean {
  return colourPattern.test(value);
}

export function validateRoomForm(values: GuideFormValues): RoomFormErrors {
  const errors: RoomFormErrors = {};
  if (values.name.trim() === '') errors.name = 'validation.nameAndRoomRequired';
  if (values.roomNumber.trim() === '') errors.roomNumber = 'validation.nameAndRoomRequired';
  return errors;
}

/** The spec's single message for a missing name or room number. */
export function isMissingNameOrRoom(errors: RoomFormErrors): boolean {
  return errors.name === 'validation.nameAndRoomRequired' || errors.roomNumber === 'validation.nameAndRoomRequired';
}

/** Trims what the host typed (a WiFi password stays as typed) and drops empty list entries before saving. */
export function normaliseRoomForm(values: GuideFormValues): GuideFormValues {
  let normalised = values;
  for (const field of guideFields) {
    const value = valueAt(values, field.key);
    if (field.kind === 'list' && field.item.kind === 'text' && Array.isArray(value)) {
      normalised = withValueAt(
        normalised,
        field.key,
        value.map((item: string) => item.trim()).filter((item) => item !== ''),
      );
    } else if (
      (field.kind === 'text' || field.kind === 'url' || field.kind === 'ssid') &&
      typeof value === 'string' &&
      !('keepSpaces' in field && field.keepSpaces)
    ) {
      normalised = withValueAt(normalised, field.key, value.trim());
    }
  }
  return normalised;
}
