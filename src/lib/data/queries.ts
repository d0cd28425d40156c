/**
 * The reads several screens share, as query options (key + function) and hooks. Features add their own
 * options on top (`select` to pick one property or one property's rooms) and so share one cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/session';
import { getProfile } from './api/get-profile';
import { getScanStats, type ScanStatsQuery } from './api/get-scan-stats';
import { getSubscription } from './api/get-subscription';
import { listProperties } from './api/list-properties';
import { listRooms } from './api/list-rooms';
import { queryKeys } from './query-keys';

export const profileQuery = (userId: string) =>
  queryOptions({ queryKey: queryKeys.profile(userId), queryFn: () => getProfile(userId), meta: { errorLog: 'Failed to load the profile' } });

export const subscriptionQuery = (userId: string) =>
  // The spec: a failed plan load is only logged (the navbar then offers Subscribe).
  queryOptions({ queryKey: queryKeys.subscription(userId), queryFn: () => getSubscription(userId), meta: { errorLog: 'Failed to load the subscription' } });

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

/**
 * How often the screens that show scan counts re-read them while the tab is visible (TanStack Query pauses the
 * interval in a hidden tab). The local stack has no Realtime service, so counts refresh by polling.
 */
export const scanRefreshMs = 30_000;

/** The signed-in user's id, or '' before sign-in (queries keyed by it are disabled then). */
export function useUserId(): string {
  return useAuth().user?.id ?? '';
}

/**
 * The signed-in user's `users` row: quota, and `plan` (computed by the database from the entitled
 * subscription). `profile` is null while loading, on error or when missing; `loaded` once read or failed.
 */
export function useProfile(options: { refetchInterval?: number | false } = {}) {
  const userId = useUserId();
  const query = useQuery({ ...profileQuery(userId), enabled: userId !== '', refetchInterval: options.refetchInterval });
  return { profile: query.data ?? null, loaded: userId !== '' && !query.isPending, query };
}

/** The signed-in user's subscription; `loaded` once read (or failed), so the navbar does not flash Subscribe. */
export function useSubscription(options: { refetchInterval?: number | false } = {}) {
  const userId = useUserId();
  const query = useQuery({ ...subscriptionQuery(userId), enabled: userId !== '', refetchInterval: options.refetchInterval });
  return { subscription: query.data ?? null, loaded: userId !== '' && !query.isPending, query };
}
