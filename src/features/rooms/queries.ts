/**
 * The QR screens' reads and writes on top of the shared ones (`@/lib/data/queries`): one room by id, and the
 * mutations with the tables each writes (the quota trigger also changes the owner's `users` row), whose
 * cached reads are invalidated when it succeeds.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/data/query-keys';
import { createRoom } from './api/create-room';
import { createRooms } from './api/create-rooms';
import { deleteRooms, setRoomsWifiPassword } from './api/update-rooms';
import type { BulkRoomRow } from './bulk/bulk-rows';
import { deleteRoom } from './api/delete-room';
import { getRoom } from './api/get-room';
import { getRoomForm } from './api/get-room-form';
import { getPropertyGuide, savePropertyGuide, type PropertyGuide } from './api/property-guide';
import { updateRoom } from './api/update-room';
import type { RoomFormValues } from './types';

export const roomQuery = (userId: string, roomId: string) =>
  queryOptions({ queryKey: queryKeys.room(userId, roomId), queryFn: () => getRoom(roomId), meta: { errorLog: 'Failed to fetch QR code' } });

/** A room's own overrides for the form (under the room's key, so every write of qr_codes refreshes it). */
export const roomFormQuery = (userId: string, roomId: string) =>
  queryOptions({ queryKey: [...queryKeys.room(userId, roomId), 'form'], queryFn: () => getRoomForm(roomId), meta: { errorLog: 'Failed to fetch QR code' } });

/** A property's shared guide (under the properties key: saving the guide or a property refreshes it). */
export const propertyGuideQuery = (userId: string, propertyId: string) =>
  queryOptions({
    queryKey: [...queryKeys.properties(userId), 'guide', propertyId],
    queryFn: () => getPropertyGuide(propertyId, userId),
    meta: { errorLog: 'Failed to load the shared guide' },
  });

/** The shared guide; every inheriting room's guide changes with it (the page then re-reads everything). */
export const savePropertyGuideMutation = mutationOptions({
  mutationFn: ({ propertyId, guide, stored }: { propertyId: string; guide: PropertyGuide; stored: Record<string, unknown> }) =>
    savePropertyGuide(propertyId, guide, stored),
});

export const createRoomMutation = mutationOptions({
  mutationFn: ({ id, propertyId, values }: { id: string; propertyId: string; values: RoomFormValues }) => createRoom(id, propertyId, values),
  meta: { writes: ['qr_codes', 'users'] },
});

export const updateRoomMutation = mutationOptions({
  mutationFn: ({ id, values }: { id: string; values: RoomFormValues }) => updateRoom(id, values),
  meta: { writes: ['qr_codes'] },
});

export const deleteRoomMutation = mutationOptions({
  mutationFn: (id: string) => deleteRoom(id),
  meta: { writes: ['qr_codes', 'users'] },
});

export const createRoomsMutation = mutationOptions({
  mutationFn: ({ propertyId, rows }: { propertyId: string; rows: readonly BulkRoomRow[] }) => createRooms(propertyId, rows),
  meta: { writes: ['qr_codes', 'users'] },
});

export const setRoomsWifiPasswordMutation = mutationOptions({
  mutationFn: ({ roomIds, password }: { roomIds: readonly string[]; password: string | null }) => setRoomsWifiPassword(roomIds, password),
  meta: { writes: ['qr_codes'] },
});

export const deleteRoomsMutation = mutationOptions({
  mutationFn: (roomIds: readonly string[]) => deleteRooms(roomIds),
  meta: { writes: ['qr_codes', 'users'] },
});
