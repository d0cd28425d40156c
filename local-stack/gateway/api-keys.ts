/**
 * The apikey requirement of Supabase's gateway (Kong's key-auth: `401 No API key found in request`,
 * `401 Invalid API key`) and the routes it leaves open, decided on the normalised path (./paths.ts).
 */
import type { IncomingMessage } from 'node:http';
import { anonKey, serviceRoleKey } from '../config.ts';
import type { FunctionSettings } from '../supabase-config.ts';
import type { RequestTarget } from './paths.ts';

export type ApiPrefix = '/rest/v1' | '/auth/v1' | '/storage/v1' | '/functions/v1';

const validApiKeys = new Set([anonKey, serviceRoleKey]);

export function isValidApiKey(key: string | undefined): key is string {
  return key !== undefined && validApiKeys.has(key);
}

/** The `apikey` header, else the `apikey` query parameter (what browsers use for simple requests). */
export function apikeyOf(req: IncomingMessage, target: RequestTarget): string | undefined {
  const header = req.headers.apikey;
  if (typeof header === 'string' && header !== '') return header;
  return new URLSearchParams(target.search).get('apikey') ?? undefined;
}

/**
 * Routes Supabase serves without a key: links in emails (`/auth/v1/verify`, OAuth callbacks), public and
 * signed objects opened by `<img>` and downloads, and functions with `verify_jwt = false` (webhooks that
 * third parties call). `rest` is the normalised path after the prefix.
 */
export function keyExempt(prefix: ApiPrefix, rest: string, method: string, target: RequestTarget, functions: Map<string, FunctionSettings>): boolean {
  if (target.encodedTraversal) return false;
  if (prefix === '/auth/v1') return /^\/(verify|callback|authorize)(\/|$)/.test(rest);
  if (prefix === '/storage/v1') return (method === 'GET' || method === 'HEAD') && /^\/object\/(public|info\/public|sign)\//.test(rest);
  if (prefix === '/functions/v1') {
    const name = rest.split('/')[1] ?? '';
    return functions.get(name)?.verifyJwt === false;
  }
  return false;
}
