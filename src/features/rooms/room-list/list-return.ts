/**
 * Router state between the room list and the screens around it, so a host working down a 300-room list comes back to
 * the list as they left it (the same search, as many cards, the same scroll position: a history entry going back),
 * rather than to a fresh list at its top.
 */

/** The screen a room's page or form was opened from. */
export type RoomOrigin = 'roomList' | 'roomPage';

/** The state a link gives the room page or form it opens. */
export function openedFrom(origin: RoomOrigin): { cameFrom: RoomOrigin } {
  return { cameFrom: origin };
}

/** Where the room page or form was opened from; null when it was opened some other way (a shared link, a bookmark). */
export function roomOrigin(state: unknown): RoomOrigin | null {
  const origin = typeof state === 'object' && state !== null ? (state as { cameFrom?: unknown }).cameFrom : undefined;
  return origin === 'roomList' || origin === 'roomPage' ? origin : null;
}

/** Router state that opens the room list on the rooms just created in bulk, with what comes next for them. */
export function showingCreatedRooms(roomIds: readonly string[]): { createdRooms: readonly string[] } {
  return { createdRooms: roomIds };
}

/** The rooms just created that the router state asks the room list to show; none for any other state. */
export function createdRoomsOf(state: unknown): string[] {
  const ids = typeof state === 'object' && state !== null ? (state as { createdRooms?: unknown }).createdRooms : undefined;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
