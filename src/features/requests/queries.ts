/**
 * The staff queue's cached reads and its write. Realtime marks `guest_requests` reads stale when a guest asks or a
 * teammate answers (src/lib/data/live-updates.ts), so the queue and the navbar's count move by themselves.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/data/query-keys';
import { createNotice, deleteNotice, listNotices, type NewNotice } from './api/notices';
import { countNewRequests, listAssignees, listGuestRequests, updateGuestRequest, type GuestRequestChange } from './api/guest-requests';

export const requestsQuery = (userId: string, teamId: string) =>
  queryOptions({ queryKey: queryKeys.guestRequests(userId, teamId), queryFn: () => listGuestRequests(teamId), meta: { errorLog: 'Failed to load requests' } });

/** Who a request may be assigned to: the team's members (a `team_members` read). */
export const assigneesQuery = (userId: string, teamId: string) =>
  queryOptions({ queryKey: queryKeys.requestAssignees(userId, teamId), queryFn: () => listAssignees(teamId) });

export const newRequestCountQuery = (userId: string, teamId: string) =>
  queryOptions({ queryKey: queryKeys.newGuestRequests(userId, teamId), queryFn: () => countNewRequests(teamId) });

export const updateRequestMutation = mutationOptions({
  mutationFn: ({ id, change }: { id: string; change: GuestRequestChange }) => updateGuestRequest(id, change),
  meta: { writes: ['guest_requests'] },
});

export const noticesQuery = (userId: string, teamId: string) =>
  queryOptions({ queryKey: queryKeys.guestNotices(userId, teamId), queryFn: () => listNotices(teamId), meta: { errorLog: 'Failed to load notices' } });

export const createNoticeMutation = mutationOptions({
  mutationFn: (notice: NewNotice) => createNotice(notice),
  meta: { writes: ['guest_notices'] },
});

export const deleteNoticeMutation = mutationOptions({
  mutationFn: (id: string) => deleteNotice(id),
  meta: { writes: ['guest_notices'] },
});
