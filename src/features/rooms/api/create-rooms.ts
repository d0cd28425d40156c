import { supabase } from '@/lib/supabase';
import type { Json } from '@/types/database';
import { readBulkRoomsError, type BulkRoomsError } from '../bulk/bulk-errors';
import { createRoomsPayload, type BulkRoomRow } from '../bulk/bulk-rows';

/** create_rooms refused the list (nothing was created); `reason` says why, for a message in the host's language. */
export class BulkRoomsRefused extends Error {
  readonly reason: BulkRoomsError;

  constructor(reason: BulkRoomsError) {
    super(reason.kind);
    this.name = 'BulkRoomsRefused';
    this.reason = reason;
  }
}

/**
 * Creates every room of the list in one database call, all or nothing: over the plan's free slots, with a room
 * number the property has (or the list repeats) or with a bad value, nothing is created. Resolves to the new rooms'
 * ids.
 */
export async function createRooms(propertyId: string, rows: readonly BulkRoomRow[]): Promise<string[]> {
  // A list of plain objects is JSON; the generated Json type has an index signature interfaces do not declare.
  const rooms = createRoomsPayload(rows) as unknown as Json;
  const { data, error } = await supabase.rpc('create_rooms', { property_id: propertyId, rooms });
  if (error) throw new BulkRoomsRefused(readBulkRoomsError(error));
  return (data ?? []).map((room) => room.id);
}
