import { guideFields, valueAt, withValueAt, type GuideFieldKey } from '@/lib/guide-fields';
import type { GuideFormValues } from '../types';

/**
 * Checks the create/edit form before anything is sent, where the spec wants a message first: name and
 * room number. Every other rule (links, colours, lengths) is the database's (the validate_qr_code trigger);
 * its refusal names the field and the form shows the message at it (`errors.ts`). Values are i18n keys in
 * the `rooms` namespace.
 */
export type RoomFieldKey = GuideFieldKey;

export type RoomFormErrors = Partial<Record<RoomFieldKey, string>>;

const colourPattern = /^#[0-9a-fA-F]{6}$/;

/** Whether the preview can use a colour as typed (the database decides whether it may be saved). */
export function isHexColour(value: string): boolean {
  return colourPattern.test(value);
}

/** The fields that must be filled in (the spec's name and room number). */
const requiredFields = guideFields.filter((field) => 'required' in field && field.required);

export function validateRoomForm(values: GuideFormValues): RoomFormErrors {
  const errors: RoomFormErrors = {};
  for (const field of requiredFields) {
    const value = valueAt(values, field.key);
    if (typeof value !== 'string' || value.trim() === '') errors[field.key] = 'validation.nameAndRoomRequired';
  }
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
