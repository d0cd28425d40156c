/**
 * Query keys: each starts with the table it caches, then the owner (the signed-in user), so a write to a
 * table invalidates every cached read of it with one prefix. Screens that read the same rows use the same
 * key and share the cache (the property list's room counts and the QR list read `rooms`).
 */
import type { QueryClient } from '@tanstack/react-query';

/** The tables the app caches reads of (`prices` with their products: the public plan catalogue). */
export type CachedTable =
  'users' | 'subscriptions' | 'properties' | 'qr_codes' | 'prices' | 'teams' | 'team_members' | 'team_invitations' | 'guest_requests' | 'guest_notices';

export const queryKeys = {
  /** The `users` row of a team's account (the signed-in user's own, or the founder's of a team they joined). */
  profile: (userId: string, accountUserId: string) => ['users', userId, accountUserId] as const,
  subscription: (userId: string, accountUserId: string) => ['subscriptions', userId, accountUserId] as const,
  properties: (userId: string) => ['properties', userId] as const,
  rooms: (userId: string) => ['qr_codes', userId, 'list'] as const,
  room: (userId: string, roomId: string) => ['qr_codes', userId, 'room', roomId] as const,
  /** Scans are counted per room: deleting a room (a `qr_codes` write) drops its scans from every cached range. */
  scanStats: (userId: string, range: { fromDay: string; toDay: string; propertyId?: string; roomId?: string }) =>
    ['qr_codes', userId, 'scans', range.fromDay, range.toDay, range.propertyId ?? null, range.roomId ?? null] as const,
  plans: () => ['prices', 'active'] as const,
  /** The user's teams with their role (a membership change invalidates `teams`: src/features/team/queries.ts). */
  teams: (userId: string) => ['teams', userId] as const,
  teamMembers: (userId: string, teamId: string) => ['team_members', userId, teamId] as const,
  /** The members a guest request may be assigned to (the staff queue): their own key, another shape than teamMembers'. */
  requestAssignees: (userId: string, teamId: string) => ['team_members', userId, teamId, 'assignees'] as const,
  teamInvitations: (userId: string, teamId: string) => ['team_invitations', userId, teamId] as const,
  /** What an invitation link offers: read before anyone signs in, so keyed by the link, not a user. */
  invitationLink: (token: string) => ['team_invitations', 'link', token] as const,
  /** A team's guest requests (the staff queue) and how many are new (the navbar's count). */
  guestRequests: (userId: string, teamId: string) => ['guest_requests', userId, teamId, 'list'] as const,
  newGuestRequests: (userId: string, teamId: string) => ['guest_requests', userId, teamId, 'new'] as const,
  /** Guest requests per day and type for analytics (a team's, or one property's). */
  guestRequestDays: (userId: string, range: { fromDay: string; toDay: string; teamId: string; propertyId: string | null }) =>
    ['guest_requests', userId, 'days', range.fromDay, range.toDay, range.teamId, range.propertyId] as const,
  /** A team's notices to guests that have not ended. */
  guestNotices: (userId: string, teamId: string) => ['guest_notices', userId, teamId] as const,
  /** A property's guest request settings (a `properties` read). */
  requestSettings: (userId: string, propertyId: string) => ['properties', userId, 'request-settings', propertyId] as const,
  /** A team's properties (limiting a membership to some): a `properties` read, so property writes refresh it. */
  teamProperties: (userId: string, teamId: string) => ['properties', userId, 'team', teamId] as const,
};

/** Marks every cached read of `tables` stale; the ones on screen refetch at once, the others when next shown. */
export async function invalidateTables(client: QueryClient, tables: readonly CachedTable[]): Promise<void> {
  await Promise.all(tables.map((table) => client.invalidateQueries({ queryKey: [table] })));
}
