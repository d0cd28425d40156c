/**
 * The notice form's values and their checks, the same the database makes (guest_notices): a text of 1–280
 * characters, translations as long, a window that ends after it starts, and rooms of the property by number.
 */
import type { NewNotice } from './api/notices';

export const NOTICE_TEXT_MAX = 280;

export interface NoticeFormValues {
  propertyId: string;
  /** Room numbers, comma-separated; empty for every room. */
  rooms: string;
  text: string;
  translations: Record<string, string>;
  /** `datetime-local` values, in the staff's time zone. */
  startsAt: string;
  endsAt: string;
}

export type NoticeFormError = 'propertyRequired' | 'textRequired' | 'textTooLong' | 'windowInvalid' | 'unknownRooms';

/** A `datetime-local` value for `date` in the browser's time zone (minutes). */
export function localInputValue(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/**
 * The notice to save, or what is wrong with the form. `roomsOf` maps a room number of the chosen property to its
 * id (undefined for no such room).
 */
export function toNewNotice(
  values: NoticeFormValues,
  roomsOf: (roomNumber: string) => string | undefined,
):
  | { notice: NewNotice; errors: null; unknownRooms: [] }
  | { notice: null; errors: Partial<Record<'property' | 'text' | 'window' | 'rooms', NoticeFormError>>; unknownRooms: string[] } {
  const errors: Partial<Record<'property' | 'text' | 'window' | 'rooms', NoticeFormError>> = {};
  const text = values.text.trim();
  if (!values.propertyId) errors.property = 'propertyRequired';
  if (!text) errors.text = 'textRequired';
  else if (text.length > NOTICE_TEXT_MAX || Object.values(values.translations).some((value) => value.trim().length > NOTICE_TEXT_MAX))
    errors.text = 'textTooLong';
  const startsAt = new Date(values.startsAt);
  const endsAt = new Date(values.endsAt);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime()) || endsAt <= startsAt) errors.window = 'windowInvalid';
  const numbers = values.rooms
    .split(/[,\s]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
  const unknownRooms = numbers.filter((number) => roomsOf(number) === undefined);
  if (unknownRooms.length > 0) errors.rooms = 'unknownRooms';
  if (Object.keys(errors).length > 0) return { notice: null, errors, unknownRooms };
  const translations = Object.fromEntries(
    Object.entries(values.translations)
      .map(([language, value]) => [language, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  return {
    notice: {
      propertyId: values.propertyId,
      roomIds: numbers.length > 0 ? [...new Set(numbers.map((number) => roomsOf(number)!))] : null,
      text,
      translations,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
    },
    errors: null,
    unknownRooms: [],
  };
}
