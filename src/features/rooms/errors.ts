/**
 * What a failed QR code call shows, in the host's language. API functions throw the one ApiError shape
 * (`@/lib/data/api-error`); the database is the truth for the content rules, and when its validation
 * trigger refuses a field (`field`, e.g. `hotel.website`) the form shows this field's message at that field.
 */
import { invalidInputCodes, isApiError, notFoundCode, quotaCode } from '@/lib/data/api-error';
import { guideFields, type GuideFieldDefinition } from '@/lib/guide-fields';
import type { RoomFieldKey } from './room-form/room-form-validation';

/** What kind of value each field holds, which decides its message when the database refuses it. */
type FieldRule = { field: RoomFieldKey; kind: 'text' | 'url' | 'colour' | 'ssid' | 'activities' };

/** The message kind of a field the host types; null for the ones chosen from a list or uploaded (template, photos). */
function ruleKindOf(field: GuideFieldDefinition): FieldRule['kind'] | null {
  if (field.kind === 'choice') return null;
  if (field.kind === 'list') return field.item.kind === 'text' ? 'activities' : null;
  return field.kind;
}

/** The database's field paths (validate_qr_code's DETAIL) and the form fields they are typed into, from the field list. */
const databaseFields: ReadonlyMap<string, FieldRule> = new Map(
  guideFields.flatMap((field): [string, FieldRule][] => {
    const kind = ruleKindOf(field);
    return kind ? [[field.path, { field: field.key, kind }]] : [];
  }),
);

const messageKeys = { url: 'validation.url', colour: 'validation.colour', ssid: 'validation.ssidTooLong', activities: 'validation.activities' } as const;

/** A field the database refused: the form field, and its message (an i18n key of `rooms`; `max` is the field's bound). */
export interface RoomFieldError {
  field: RoomFieldKey;
  messageKey: string;
}

/** SQLSTATE unique_violation: the property already has a room with this number. */
const takenCode = '23505';

export function roomFieldError(error: unknown): RoomFieldError | null {
  if (!isApiError(error) || !error.field) return null;
  if (error.code === takenCode && error.field === 'room_number') return { field: 'roomNumber', messageKey: 'validation.roomNumberTaken' };
  if (!invalidInputCodes.has(error.code)) return null;
  const rule = databaseFields.get(error.field);
  if (!rule) return null;
  if (rule.kind === 'text') {
    // Required name and room number are checked before sending; a refusal of an empty one says the same.
    const missing = /required/i.test(error.message);
    return { field: rule.field, messageKey: missing ? 'validation.nameAndRoomRequired' : 'validation.tooLong' };
  }
  return { field: rule.field, messageKey: messageKeys[rule.kind] };
}

/** The quota trigger's message, recognised too in case its SQLSTATE ever changes. */
const limitMessage = /qr code limit/i;

/** The message (i18n key of `rooms`) for a failed save: the quota, not found, refused input, or the spec's failure. */
export function roomSaveErrorKey(error: unknown, isEdit: boolean): string {
  if (isApiError(error, quotaCode) || (isApiError(error) && limitMessage.test(error.message))) return 'errors.limitReached';
  if (isApiError(error, notFoundCode)) return 'errors.notFound';
  if (isApiError(error) && invalidInputCodes.has(error.code)) return 'errors.invalidInput';
  return isEdit ? 'form.updateFailed' : 'form.createFailed';
}
