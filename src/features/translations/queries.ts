/**
 * The translations screens' reads and writes. Keys start with the table they read, so any write to properties or
 * rooms (the property and room forms too) refreshes the texts and completeness shown here.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { Json } from '@/types/database';
import { getPropertyTexts, getRoomTexts, listRoomStatuses, machineTranslationAvailable, saveTranslations, translateMissing } from './api/translations-api';

export const propertyTextsQuery = (userId: string, propertyId: string) =>
  queryOptions({ queryKey: ['properties', userId, 'texts', propertyId], queryFn: () => getPropertyTexts(propertyId) });

export const roomTextsQuery = (userId: string, roomId: string) =>
  queryOptions({ queryKey: ['qr_codes', userId, 'texts', roomId], queryFn: () => getRoomTexts(roomId) });

export const roomStatusesQuery = (userId: string, propertyId: string) =>
  queryOptions({ queryKey: ['qr_codes', userId, 'translation-status', propertyId], queryFn: () => listRoomStatuses(propertyId) });

/** Asked once per session: a deployment's provider key does not come and go while a host works. */
export const machineTranslationQuery = queryOptions({
  queryKey: ['functions', 'translate-guide', 'available'],
  queryFn: machineTranslationAvailable,
  staleTime: Infinity,
});

export const saveTranslationsMutation = mutationOptions({
  mutationFn: ({ table, id, translations }: { table: 'properties' | 'qr_codes'; id: string; translations: NonNullable<Json> }) =>
    saveTranslations(table, id, translations),
  // A property's texts count in its rooms' completeness.
  meta: { writes: ['properties', 'qr_codes'] },
});

export const translateMissingMutation = mutationOptions({
  mutationFn: translateMissing,
  meta: { writes: ['properties', 'qr_codes'] },
});
