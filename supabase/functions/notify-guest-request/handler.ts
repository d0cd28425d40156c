/**
 * POST { request_id } (the anon key is enough: the guide calls it right after a guest's request was accepted) →
 * { sent: true } once the property's request addresses have the email about that request, { sent: false } when
 * there is nothing to send (already sent, no addresses, or no such request). Each request is emailed at most once:
 * the function first claims it (notified_at set where it was null) and gives the claim back when the mail API fails.
 * Mail goes out through the Resend-compatible API of _shared/mail.ts.
 */
import { jsonResponse, preflight } from '../_shared/cors.ts';
import { HttpError, readJsonObject, responseForError } from '../_shared/errors.ts';
import { mailConfigured, sendMail } from '../_shared/mail.ts';
import { allowedOrigins } from '../_shared/origin.ts';
import { createAdminClient } from '../_shared/supabase.ts';
import { requestEmail } from './email.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ClaimedRequest {
  id: string;
  type: string;
  note: string | null;
  preferred_time: string | null;
  properties: { name: string | null; original_language: string; request_emails: string[] } | null;
  qr_codes: { name: string | null; room_number: string | null } | null;
}

export async function handler(request: Request): Promise<Response> {
  const cors = preflight(request);
  if (cors) return cors;
  if (request.method !== 'POST') return jsonResponse(405, { code: 'method_not_allowed', message: 'Use POST.' });
  try {
    const { request_id: requestId } = await readJsonObject(request);
    if (typeof requestId !== 'string' || !UUID.test(requestId)) throw new HttpError(400, 'invalid_request_id', 'request_id must be a request id.');
    if (!mailConfigured()) throw new HttpError(503, 'mail_not_configured', 'Email is not set up for this project.');
    const admin = createAdminClient();
    const { data, error } = await admin
      .from('guest_requests')
      .update({ notified_at: new Date().toISOString() })
      .eq('id', requestId)
      .is('notified_at', null)
      // Only a request made moments ago: an old one is not emailed late (nor by someone replaying ids).
      .gt('created_at', new Date(Date.now() - 60 * 60 * 1000).toISOString())
      .select('id, type, note, preferred_time, properties(name, original_language, request_emails), qr_codes(name, room_number)')
      .maybeSingle();
    if (error) throw new Error(`Claiming guest_requests failed: ${error.message}`);
    const claimed = data as unknown as ClaimedRequest | null;
    const addresses = claimed?.properties?.request_emails ?? [];
    if (!claimed || addresses.length === 0) return jsonResponse(200, { sent: false });

    const room = claimed.qr_codes ? claimed.qr_codes.room_number || claimed.qr_codes.name || '—' : '—';
    const mail = requestEmail({
      language: claimed.properties?.original_language ?? 'en',
      property: claimed.properties?.name ?? 'RoomGuide',
      room,
      type: claimed.type,
      note: claimed.note,
      preferredTime: claimed.preferred_time?.slice(0, 5) ?? null,
      link: `${allowedOrigins()[0] ?? ''}/dashboard/requests`,
    });
    try {
      await sendMail('notify-guest-request', { to: addresses, ...mail });
    } catch (failure) {
      await admin.from('guest_requests').update({ notified_at: null }).eq('id', claimed.id);
      throw failure;
    }
    return jsonResponse(200, { sent: true });
  } catch (error) {
    return responseForError(error, 'notify-guest-request');
  }
}
