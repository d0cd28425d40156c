import { describe, expect, it } from 'vitest';
import type { GuestRequestRow } from './api/guest-requests';
import { countByStatus, matchesFilters, noFilters } from './filters';

const request = (id: string, fields: Partial<GuestRequestRow> & { room?: string | null }): GuestRequestRow => ({
  id,
  property_id: 'harbour',
  qr_code_id: id,
  type: 'towels',
  note: null,
  preferred_time: null,
  language: 'en',
  status: 'received',
  assignee_id: null,
  internal_note: null,
  reply: null,
  created_at: '2026-05-01T10:00:00Z',
  done_at: null,
  qr_codes: fields.room === null ? null : { name: 'Room', room_number: fields.room ?? '101' },
  properties: { name: 'Harbour', team_id: 't' },
  ...fields,
});

const queue = [
  request('a', { room: '215' }),
  request('b', { room: '2', type: 'maintenance', status: 'in_progress' }),
  request('c', { room: '101', property_id: 'hill', status: 'done' }),
  request('d', { room: null }),
];
const ids = (filters: Parameters<typeof matchesFilters>[1]) => queue.filter((item) => matchesFilters(item, filters)).map((item) => item.id);

describe('the queue’s filters', () => {
  it('filter by property, type, and a room or floor by the start of the room number', () => {
    expect(ids(noFilters)).toEqual(['a', 'b', 'c', 'd']);
    expect(ids({ ...noFilters, propertyId: 'hill' })).toEqual(['c']);
    expect(ids({ ...noFilters, type: 'maintenance' })).toEqual(['b']);
    expect(ids({ ...noFilters, room: '2' })).toEqual(['a', 'b']);
    expect(ids({ ...noFilters, room: ' 215 ' })).toEqual(['a']);
  });

  it('count each status for the tabs', () => {
    expect(countByStatus(queue)).toEqual({ received: 2, in_progress: 1, done: 1 });
  });
});
