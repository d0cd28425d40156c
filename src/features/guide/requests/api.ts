/**
 * The guide's calls for guest requests, with plain fetch like the rest of the guest page (no supabase-js): send one
 * (submit_guest_request), read this device's (guest_requests_of, GET so no preflight is needed), and ask for the
 * staff's email (notify-guest-request) once a request is new. The room comes from the guide's id; the device from
 * the guide's anonymous token (lib/scan-throttle.ts).
 */
import { env } from '@/lib/env';
import { readGuestRequestView, type GuestRequestView } from '@/lib/guest-requests';
import type { PendingRequest } from './outbox';

export type SendResult =
  | { kind: 'sent'; request: GuestRequestView }
  /** Offline, or the API did not answer usefully: keep it and try again later. */
  | { kind: 'retry' }
  /** The limits (429). */
  | { kind: 'limited' }
  /** Refused for good: requests off (403), a type no longer offered or a bad field (400), unknown room (404). */
  | { kind: 'refused'; field: string | null };

export async function sendRequest(guideId: string, deviceToken: string, request: PendingRequest): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(`${env.supabaseUrl}/rest/v1/rpc/submit_guest_request`, {
      method: 'POST',
      headers: { apikey: env.supabaseAnonKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        request_id: request.id,
        qr_id: guideId,
        device_token: deviceToken,
        type: request.type,
        note: request.note,
        preferred_time: request.preferredTime,
        language: request.language,
      }),
    });
  } catch {
    return { kind: 'retry' };
  }
  if (response.ok) {
    const sent = readGuestRequestView(await response.json().catch(() => null));
    if (!sent) return { kind: 'retry' };
    notifyStaff(sent.id);
    return { kind: 'sent', request: sent };
  }
  if (response.status === 429) return { kind: 'limited' };
  if (response.status === 400 || response.status === 403 || response.status === 404) {
    const body = (await response.json().catch(() => null)) as { details?: unknown } | null;
    return { kind: 'refused', field: typeof body?.details === 'string' ? body.details : null };
  }
  return { kind: 'retry' };
}

/** The staff's email for a new request. Never awaited: the function sends each request's email once. */
function notifyStaff(requestId: string): void {
  void fetch(`${env.supabaseUrl}/functions/v1/notify-guest-request`, {
    method: 'POST',
    keepalive: true,
    headers: { apikey: env.supabaseAnonKey, authorization: `Bearer ${env.supabaseAnonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ request_id: requestId }),
  }).catch(() => undefined);
}

/** This device's requests of the guide, newest first; null when the API could not be reached. */
export async function fetchRequests(guideId: string, deviceToken: string): Promise<GuestRequestView[] | null> {
  const query = new URLSearchParams({ qr_id: guideId, device_token: deviceToken, apikey: env.supabaseAnonKey });
  try {
    const response = await fetch(`${env.supabaseUrl}/rest/v1/rpc/guest_requests_of?${query}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) return null;
    const list: unknown = await response.json();
    return Array.isArray(list) ? list.map(readGuestRequestView).filter((item): item is GuestRequestView => item !== null) : null;
  } catch {
    return null;
  }
}
