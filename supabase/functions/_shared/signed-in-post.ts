/**
 * The frame of a function a signed-in host calls with POST (checkout, portal): CORS preflight, POST only,
 * the caller's user and allowed return origin, and every failure turned into the JSON error answer.
 */
import type { User } from '@supabase/supabase-js';
import { preflight, jsonResponse } from './cors.ts';
import { responseForError } from './errors.ts';
import { returnOrigin } from './origin.ts';
import { createAdminClient, requireUser, type AdminClient } from './supabase.ts';

export interface SignedInCall {
  request: Request;
  admin: AdminClient;
  user: User;
  /** The caller's origin, checked against SITE_URL: where Stripe sends the host back. */
  origin: string;
}

export function signedInPost(name: string, handle: (call: SignedInCall) => Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    const cors = preflight(request);
    if (cors) return cors;
    if (request.method !== 'POST') return jsonResponse(405, { code: 'method_not_allowed', message: 'Use POST.' });
    try {
      const admin = createAdminClient();
      const user = await requireUser(request, admin);
      const origin = returnOrigin(request);
      return await handle({ request, admin, user, origin });
    } catch (error) {
      return responseForError(error, name);
    }
  };
}
