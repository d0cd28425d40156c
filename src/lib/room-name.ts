/**
 * A room called by its number ("Room 133", "Habitación 133", "133") has no name of its own: a guest reads it in
 * their language ("Zimmer 133" for a German guest), whatever language the host wrote it in, and it is not a text to
 * translate. Rooms made in bulk are named this way by default, in the host's language.
 *
 * Free of i18next on purpose: the guest guide imports it (a few words, not the seven guide translations).
 */
import type { Language } from './languages';

/** The word for a room around its number, in each language; `{n}` stands for the number. */
export const numberedRoomPatterns: Record<Language, string> = {
  en: 'Room {n}',
  es: 'Habitación {n}',
  fr: 'Chambre {n}',
  de: 'Zimmer {n}',
  it: 'Camera {n}',
  zh: '房间 {n}',
  ja: '{n}号室',
};

/** Other ways of naming a room by its number, still recognised (the bulk form's Italian default was "Stanza {n}"). */
const otherNumberedPatterns = ['Stanza {n}', 'Room: {n}', 'Room #{n}', 'Rm {n}', '{n}'];

/** `pattern` with its number; a pattern without `{n}` gets the number after a space. */
export function roomNameFromPattern(pattern: string, roomNumber: string): string {
  const trimmed = pattern.trim();
  if (trimmed === '') return roomNumber;
  // A function, not a string: a replacement string would read `$&` or `$'` in a room number as patterns.
  return trimmed.includes('{n}') ? trimmed.replaceAll('{n}', () => roomNumber) : `${trimmed} ${roomNumber}`;
}

/** How a room without a name of its own is called in `language`: "Zimmer 133". */
export function numberedRoomName(language: Language, roomNumber: string): string {
  return roomNameFromPattern(numberedRoomPatterns[language], roomNumber);
}

const comparable = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/** Whether `name` only calls the room by its number, in any of the languages (case and spacing aside). */
export function isNumberedRoomName(name: string, roomNumber: string): boolean {
  const number = roomNumber.trim();
  if (number === '') return false;
  const wanted = comparable(name);
  return [...Object.values(numberedRoomPatterns), ...otherNumberedPatterns].some((pattern) => comparable(roomNameFromPattern(pattern, number)) === wanted);
}

/** The room's name as a reader of `language` sees it: its own name, or its number in their words. */
export function roomNameIn(language: Language, name: string, roomNumber: string): string {
  return isNumberedRoomName(name, roomNumber) ? numberedRoomName(language, roomNumber.trim()) : name;
}
