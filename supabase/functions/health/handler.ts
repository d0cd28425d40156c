/** Liveness of the Edge Functions runtime: `{ ok: true }` (no JWT required, see supabase/config.toml). */
import { jsonResponse, preflight } from '../_shared/cors.ts';

export function handler(request: Request): Promise<Response> {
  return Promise.resolve(preflight(request) ?? jsonResponse(200, { ok: true }));
}
