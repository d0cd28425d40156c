/**
 * Reads the `[functions.<name>]` stanzas of `supabase/config.toml` (the CLI's format) and decides, per
 * request, what the Supabase gateway would answer before a function runs. No TOML library is installed,
 * and only `verify_jwt` / `enabled` under those tables matter here, so this reads just those keys.
 */
import fs from 'node:fs';
import { jwtVerify } from 'jose';

export interface FunctionSettings {
  /** Defaults to true, as in the CLI (`apps/cli-go/pkg/config/config.go`). */
  verifyJwt: boolean;
  enabled: boolean;
}

export function parseFunctionSettings(toml: string): Map<string, FunctionSettings> {
  const settings = new Map<string, FunctionSettings>();
  let current: FunctionSettings | null = null;
  for (const rawLine of toml.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const table = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (table) {
      const match = /^functions\.(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_-]+))$/.exec(table[1]!);
      const name = match ? (match[1] ?? match[2] ?? match[3]!) : null;
      current = name === null ? null : { verifyJwt: true, enabled: true };
      if (name !== null && current) settings.set(name, current);
      continue;
    }
    if (!current) continue;
    const pair = /^([A-Za-z0-9_]+)\s*=\s*(true|false)$/.exec(line);
    if (!pair) continue;
    if (pair[1] === 'verify_jwt') current.verifyJwt = pair[2] === 'true';
    if (pair[1] === 'enabled') current.enabled = pair[2] === 'true';
  }
  return settings;
}

export function readFunctionSettings(configTomlPath: string): Map<string, FunctionSettings> {
  try {
    return parseFunctionSettings(fs.readFileSync(configTomlPath, 'utf8'));
  } catch {
    return new Map();
  }
}

/** `body` is sent as JSON, except a string, which is sent as text/plain (the CLI router's getResponse). */
export type GuardResult = { ok: true } | { ok: false; status: number; body: string | Record<string, unknown> };

/**
 * The CLI main router's checks (reference §D; supabase/cli internal/functions/serve/templates/main.ts), in its
 * order: 404 text/plain "Function not found"; then, for non-OPTIONS requests to a verify_jwt function,
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
    await jwtVerify(token, new TextEncoder().encode(opts.jwtSecret), { algorithms: ['HS256'] });
    return { ok: true };
  } catch {
    return { ok: false, status: 401, body: { msg: 'Invalid JWT' } };
  }
}
