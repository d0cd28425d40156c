/**
 * Orders rooms the way a host reads a door plan: "2" before "10", "101A" after "101", and rooms
 * without a number at the end. Ties (same number) fall back to the name so the order is stable.
 */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

interface Sortable {
  name: string;
  roomNumber: string | null | undefined;
}

function hasNumber(room: Sortable): boolean {
  return (room.roomNumber ?? '').trim() !== '';
}

export function compareRooms(a: Sortable, b: Sortable): number {
  const aHas = hasNumber(a);
  const bHas = hasNumber(b);
  if (aHas !== bHas) return aHas ? -1 : 1;
  if (aHas) {
    const byNumber = collator.compare((a.roomNumber ?? '').trim(), (b.roomNumber ?? '').trim());
    if (byNumber !== 0) return byNumber;
  }
  return collator.compare(a.name, b.name);
}

export function sortRooms<T extends Sortable>(rooms: readonly T[]): T[] {
  return [...rooms].sort(compareRooms);
}

/** Above this many rooms a list of them offers a search box (a host with 40 rooms finds one in a keystroke). */
export const roomSearchThreshold = 6;

/** Case-insensitive match on the name or the room number, for the lists' search boxes. */
export function matchesRoomQuery(room: Sortable, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return room.name.toLowerCase().includes(needle) || (room.roomNumber ?? '').toLowerCase().includes(needle);
}
