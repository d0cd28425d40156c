/**
 * The reads several screens share, as query options (key + function) and hooks. Features add their own
 * options on top (`select` to pick one property or one property's rooms) and so share one cache entry.
 */
import { queryOptions } from '@tanstack/react-query';
import { useAuth } from '@/lib/session';
import { getProfile } from './api/get-profile';
import { getScanStats, type ScanStatsQuery } from './api/get-scan-stats';
import { getSubscription } from './api/get-subscription';
import { listProperties } from './api/list-properties';
import { listRooms } from './api/list-rooms';
import { listMyTeams } from './api/list-my-teams';
import { queryKeys } from './query-keys';

/** A team account's `users` row (`accountUserId`: the current team's, src/lib/current-team.ts). */
export const profileQuery = (userId: string, accountUserId: string) =>
  queryOptions({
    queryKey: queryKeys.profile(userId, accountUserId),
    queryFn: () => getProfile(accountUserId),
    meta: { errorLog: 'Failed to load the profile' },
  });

export const subscriptionQuery = (userId: string, accountUserId: string) =>
  // The spec: a failed plan load is only logged (the navbar then offers Subscribe).
  queryOptions({
    queryKey: queryKeys.subscription(userId, accountUserId),
    queryFn: () => getSubscription(accountUserId),
    meta: { errorLog: 'Failed to load the subscription' },
  });

export const myTeamsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.teams(userId), queryFn: () => listMyTeams(userId), meta: { errorLog: 'Failed to load teams' } });

export const propertiesQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.properties(userId), queryFn: () => listProperties(userId), meta: { errorLog: 'Failed to load properties' } });

export const roomsQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.rooms(userId), queryFn: () => listRooms(userId), meta: { errorLog: 'Failed to load QR codes' } });

/**
 * Scans per room and day for a range (analytics screens, a room's detail page). The answer carries its range: a
 * screen that keeps showing the previous range while the next one loads draws and exports the rows with their own days.
 */
export const scanStatsQuery = (userId: string, range: ScanStatsQuery) =>
  queryOptions({
    queryKey: queryKeys.scanStats(userId, range),
    queryFn: async () => ({ fromDay: range.fromDay, toDay: range.toDay, rows: await getScanStats(range) }),
    meta: { errorLog: 'Failed to load scan statistics' },
  });

/** The signed-in user's id, or '' before sign-in (queries keyed by it are disabled then). */
export function useUserId(): string {
  return useAuth().user?.id ?? '';
}
