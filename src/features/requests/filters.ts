/**
 * The queue's filters: status (its tabs), property, type, and a room or floor ("215" is that room, "2" every room
 * whose number starts with 2: the second floor in most hotels).
 */
import type { GuestRequestStatus, GuestRequestType } from '@/lib/guest-requests';
import type { GuestRequestRow } from './api/guest-requests';

export interface QueueFilters {
  propertyId: string | null;
  type: GuestRequestType | null;
  room: string;
}

export const noFilters: QueueFilters = { propertyId: null, type: null, room: '' };

export function matchesFilters(request: GuestRequestRow, filters: QueueFilters): boolean {
  if (filters.propertyId && request.property_id !== filters.propertyId) return false;
  if (filters.type && request.type !== filters.type) return false;
  const room = filters.room.trim().toLowerCase();
  if (room && !(request.qr_codes?.room_number ?? '').toLowerCase().startsWith(room)) return false;
  return true;
}

/** Requests per status after the other filters: the tabs' counts. */
export function countByStatus(requests: GuestRequestRow[]): Record<GuestRequestStatus, number> {
  const counts: Record<GuestRequestStatus, number> = { received: 0, in_progress: 0, done: 0 };
  for (const request of requests) counts[request.status] += 1;
  return counts;
}
