/** A property's guest request settings (migration guest_requests): read by its team, written by its editors and up. */
import { supabase } from '@/lib/supabase';
import { ApiError, notFoundCode, throwIfError } from '@/lib/data/api-error';
import { GUEST_REQUEST_TYPES, isGuestRequestType, type GuestRequestType } from '@/lib/guest-requests';

export interface StoredRequestSettings {
  enabled: boolean;
  types: GuestRequestType[];
  emails: string[];
}

export async function getRequestSettings(propertyId: string): Promise<StoredRequestSettings> {
  const { data, error } = await supabase.from('properties').select('requests_enabled, request_types, request_emails').eq('id', propertyId).maybeSingle();
  throwIfError(error);
  if (!data) throw new ApiError({ code: notFoundCode, message: 'Property not found' });
  return { enabled: data.requests_enabled, types: data.request_types.filter(isGuestRequestType), emails: data.request_emails };
}

export async function saveRequestSettings(propertyId: string, settings: StoredRequestSettings): Promise<void> {
  // In the database's order, whatever order they were ticked in.
  const types = GUEST_REQUEST_TYPES.filter((type) => settings.types.includes(type));
  const { data, error } = await supabase
    .from('properties')
    .update({ requests_enabled: settings.enabled, request_types: types, request_emails: settings.emails })
    .eq('id', propertyId)
    .select('id');
  throwIfError(error);
  if (!data || data.length === 0) throw new ApiError({ code: notFoundCode, message: 'Property not found' });
}
