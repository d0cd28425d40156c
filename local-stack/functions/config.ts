/**
 * What the Supabase gateway and the CLI's functions router answer before a function runs, from the
 * `[functions.<name>]` settings of `supabase/config.toml` (read by ../supabase-config.ts).
 */
import { verifyHs256 } from '../jwt.ts';
import type { FunctionSettings } from '../supabase-config.ts';

/** `body` is sent as JSON, except a string, which is sent as text/plain (the CLI router's getResponse). */
export type GuardResult = { ok: true } | { ok: false; status: number; body: string | Record<string, unknown> };

/**
 * The CLI main router's checks (supabase/cli internal/functions/serve/templates/main.ts), in its order:
 * 404 text/plain "Function not found"; then, for non-OPTIONS requests to a verify_jwt function,
 * 401 `{"msg":"Error: Missing authorization header"}`, 401 `{"msg":"Error: Auth header is not 'Bearer {token}'"}`
 * or 401 `{"msg":"Invalid JWT"}`.
 * `exists` says whether `supabase/functions/<name>/index.ts` is there.
 */
export async function guardFunctionRequest(opts: {
  name: string;
  method: string;
  authorization: string | undefined;
  settings: Map<string, FunctionSettings>;
  exists: boolean;
  jwtSecret: string;
}): Promise<GuardResult> {
  const setting = opts.settings.get(opts.name) ?? { verifyJwt: true, enabled: true };
  if (!opts.exists || !setting.enabled) return { ok: false, status: 404, body: 'Function not found' };
  if (opts.method === 'OPTIONS' || !setting.verifyJwt) return { ok: true };
  if (!opts.authorization) return { ok: false, status: 401, body: { msg: 'Error: Missing authorization header' } };
  const [scheme, token] = opts.authorization.split(' ');
  if (scheme !== 'Bearer') return { ok: false, status: 401, body: { msg: "Error: Auth header is not 'Bearer {token}'" } };
  if (!token) return { ok: false, status: 401, body: { msg: 'Invalid JWT' } };
  try {
    await verifyHs256(token, opts.jwtSecret);
    return { ok: true };
  } catch {
    return { ok: false, status: 401, body: { msg: 'Invalid JWT' } };
  }
}
