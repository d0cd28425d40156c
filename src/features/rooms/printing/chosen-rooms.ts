/**
 * Which rooms a print sheet shows: every room of the property, or the ones whose numbers its address names
 * (`?room=101&room=102`, made by `href.printSheet`), so the rooms selected in the room list (or the never-scanned
 * ones in the analytics) can be printed, and the sheet reloaded or its link shared. Room numbers rather than ids: a
 * property's numbers are unique (trimmed and case-insensitive, as the database compares them), a host can read them,
 * and a few hundred fit in an address.
 */
import { printSheetRoomParam } from '@/lib/paths';

const numberKey = (roomNumber: string) => roomNumber.trim().toLowerCase();

/** The room numbers the address names; empty when it names none (the whole property). */
export function chosenRoomNumbers(search: URLSearchParams): string[] {
  return search.getAll(printSheetRoomParam).filter((roomNumber) => roomNumber.trim() !== '');
}

/** The rooms whose numbers are among `roomNumbers`, in the order of `rooms`; all of them when `roomNumbers` is empty. */
export function pickChosenRooms<T extends { roomNumber: string }>(rooms: readonly T[], roomNumbers: readonly string[]): readonly T[] {
  if (roomNumbers.length === 0) return rooms;
  const wanted = new Set(roomNumbers.map(numberKey));
  return rooms.filter((room) => wanted.has(numberKey(room.roomNumber)));
}
