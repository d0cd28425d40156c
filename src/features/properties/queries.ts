/**
 * The property screens' writes, with the tables each writes (deleting a property deletes its rooms, and the
 * quota trigger frees their slots in the owner's `users` row): their cached reads are invalidated on success.
 * The reads are shared with the QR screens (`@/lib/data/queries`).
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/data/query-keys';
import { getRequestSettings, saveRequestSettings, type StoredRequestSettings } from './api/request-settings';
import { createProperty } from './api/create-property';
import { deleteProperty } from './api/delete-property';
import { updateProperty } from './api/update-property';
import type { PropertyInput } from './property-form-validation';

/** `id` null: a new property, in `teamId` (the team the host works in). Resolves to the property's id. */
export const savePropertyMutation = mutationOptions({
  mutationFn: ({ id, teamId, input }: { id: string | null; teamId: string; input: PropertyInput }): Promise<string> =>
    id ? updateProperty(id, input).then(() => id) : createProperty(teamId, input),
  meta: { writes: ['properties'] },
});

export const deletePropertyMutation = mutationOptions({
  mutationFn: (id: string) => deleteProperty(id),
  meta: { writes: ['properties', 'qr_codes', 'users'] },
});

/** A property's guest request settings (its edit page). */
export const requestSettingsQuery = (userId: string, propertyId: string) =>
  queryOptions({ queryKey: queryKeys.requestSettings(userId, propertyId), queryFn: () => getRequestSettings(propertyId) });

export const saveRequestSettingsMutation = mutationOptions({
  mutationFn: ({ propertyId, settings }: { propertyId: string; settings: StoredRequestSettings }) => saveRequestSettings(propertyId, settings),
  meta: { writes: ['properties'] },
});
