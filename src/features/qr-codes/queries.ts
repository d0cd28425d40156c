/**
 * The QR screens' reads and writes on top of the shared ones (`@/lib/data/queries`): one room by id, and the
 * mutations with the tables each writes (the quota trigger also changes the owner's `users` row), whose
 * cached reads are invalidated when it succeeds.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/data/query-keys';
import { createQrCode } from './api/create-qr-code';
import { createRooms } from './api/create-rooms';
import { deleteRooms, setRoomsWifiPassword } from './api/update-rooms';
import type { BulkRoomRow } from './bulk/bulk-rows';
import { deleteQrCode } from './api/delete-qr-code';
import { getQrCode } from './api/get-qr-code';
import { getRoomForm } from './api/get-room-form';
import { getPropertyGuide } from './api/property-guide';
import { updateQrCode } from './api/update-qr-code';
import type { RoomFormValues } from './types';

export const roomQuery = (userId: string, roomId: string) =>
  queryOptions({ queryKey: queryKeys.room(userId, roomId), queryFn: () => getQrCode(roomId), meta: { errorLog: 'Failed to fetch QR code' } });

/** A room's own overrides for the form (under the room's key, so every write of qr_codes refreshes it). */
export const roomFormQuery = (userId: string, roomId: string) =>
  queryOptions({ queryKey: [...queryKeys.room(userId, roomId), 'form'], queryFn: () => getRoomForm(roomId), meta: { errorLog: 'Failed to fetch QR code' } });

/** A property's shared guide (under the properties key: saving the guide or a property refreshes it). */
export const propertyGuideQuery = (userId: string, propertyId: string) =>
  queryOptions({
    queryKey: [...queryKeys.properties(userId), 'guide', propertyId],
    queryFn: () => getPropertyGuide(propertyId),
    meta: { errorLog: 'Failed to load the shared guide' },
  });

export const createQrCodeMutation = mutationOptions({
  mutationFn: ({ id, propertyId, values }: { id: string; propertyId: string; values: RoomFormValues }) => createQrCode(id, propertyId, values),
  meta: { writes: ['qr_codes', 'users'] },
});

export const updateQrCodeMutation = mutationOptions({
  mutationFn: ({ id, values }: { id: string; values: RoomFormValues }) => updateQrCode(id, values),
  meta: { writes: ['qr_codes'] },
});

export const deleteQrCodeMutation = mutationOptions({
  mutationFn: (id: string) => deleteQrCode(id),
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
