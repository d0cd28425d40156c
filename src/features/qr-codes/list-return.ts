/** Router state between the room list and the screens around it. */

/**
 * What the room list's links give a room's page: its "Back" then goes back in history, to the list as the host left
 * it (the same search, as many cards, the same scroll position), rather than to a fresh list at its top.
 */
export const fromRoomList = { fromRoomList: true } as const;

export function cameFromRoomList(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { fromRoomList?: unknown }).fromRoomList === true;
}

/** Router state that opens the room list with these rooms selected (the rooms just created in bulk, to print them). */
export function selectingRooms(roomIds: readonly string[]): { selectRooms: readonly string[] } {
  return { selectRooms: roomIds };
}

/** The rooms the router state asks the room list to select; none for any other state. */
export function roomsToSelect(state: unknown): string[] {
  const ids = typeof state === 'object' && state !== null ? (state as { selectRooms?: unknown }).selectRooms : undefined;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
