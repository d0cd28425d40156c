/**
 * The floor a room is on, read from its number as hotels number rooms: the last two digits are the room on its floor,
 * what comes before them the floor (101 → 1, 1203 → 12, A214 → A2). A number of one or two digits, or one that does
 * not end in digits, says no floor. A 300-room hotel's list filters by it.
 */
const hotelNumber = /^(.*?)(\d{3,})$/;

export function floorOf(roomNumber: string): string | null {
  const match = hotelNumber.exec(roomNumber.trim());
  if (!match) return null;
  const [, prefix, digits] = match;
  return `${prefix}${digits.slice(0, -2).replace(/^0+(?=\d)/, '')}`;
}

const floorOrder = new Intl.Collator(undefined, { numeric: true });

/** The floors of `roomNumbers`, each once, in numeric order; empty when fewer than two floors (nothing to filter). */
export function floorsOf(roomNumbers: Iterable<string>): string[] {
  const floors = new Set<string>();
  for (const number of roomNumbers) {
    const floor = floorOf(number);
    if (floor !== null) floors.add(floor);
  }
  return floors.size < 2 ? [] : [...floors].sort(floorOrder.compare);
}
