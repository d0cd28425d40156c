/**
 * Which rooms a print sheet shows: every room of the property, or the ones whose numbers its address names
 * (`?room=101&room=102`), so the rooms selected in the room list can be printed, and the sheet reloaded or its link
 * shared. Room numbers rather than ids: a property's numbers are unique (trimmed and case-insensitive, as the
 * database compares them), a host can read them, and a few hundred fit in an address.
 */
export const chosenRoomParam = 'room';

const numberKey = (roomNumber: string) => roomNumber.trim().toLowerCase();

/** The address's query for these rooms (`room=101&room=102`). */
export function chosenRoomsQuery(roomNumbers: readonly string[]): string {
  const query = new URLSearchParams();
  for (const roomNumber of roomNumbers) query.append(chosenRoomParam, roomNumber);
  return query.toString();
}

/** The room numbers the address names; empty when it names none (the whole property). */
export function chosenRoomNumbers(search: URLSearchParams): string[] {
  return search.getAll(chosenRoomParam).filter((roomNumber) => roomNumber.trim() !== '');
}

/** The rooms whose numbers are among `roomNumbers`, in the order of `rooms`; all of them when `roomNumbers` is empty. */
export function pickChosenRooms<T extends { roomNumber: string }>(rooms: readonly T[], roomNumbers: readonly string[]): readonly T[] {
  if (roomNumbers.length === 0) return rooms;
  const wanted = new Set(roomNumbers.map(numberKey));
  return rooms.filter((room) => wanted.has(numberKey(room.roomNumber)));
}
