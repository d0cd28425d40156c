/**
 * Router state that the room list's links give a room's page: its "Back" then goes back in history, to the list as
 * the host left it (the same search, as many cards, the same scroll position), rather than to a fresh list at its top.
 */
export const fromRoomList = { fromRoomList: true } as const;

export function cameFromRoomList(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { fromRoomList?: unknown }).fromRoomList === true;
}
