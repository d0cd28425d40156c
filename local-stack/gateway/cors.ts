/**
 * CORS as the Supabase CLI's Kong answers it on the API routes (its `cors` plugin with the default config):
 * any origin may call the API, so `Access-Control-Allow-Origin: *` (never the caller's Origin reflected, and
 * never credentials); the preflight is answered by the gateway itself with 200, the methods Kong lists and
 * the request headers the browser asked for. What a page can then read is only what its apikey allows.
 * The Supabase services add their own `Access-Control-Expose-Headers` (PostgREST's Content-Range, GoTrue's
 * X-Supabase-Api-Version, Storage's ETag …); the gateway sends their union.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

const kongMethods = 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT';
const exposedHeaders = 'Content-Range, Range-Unit, Location, Content-Length, ETag, X-Supabase-Api-Version, X-Total-Count, Link, x-sb-error-code';

export function isPreflight(req: IncomingMessage): boolean {
  return req.method === 'OPTIONS' && Boolean(req.headers.origin) && Boolean(req.headers['access-control-request-method']);
}

/** Answers a preflight (Kong's `access` phase). */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': kongMethods,
    'Content-Length': '0',
  };
  const requested = req.headers['access-control-request-headers'];
  if (typeof requested === 'string' && requested !== '') headers['Access-Control-Allow-Headers'] = requested;
  res.writeHead(200, headers);
  res.end();
}

/** The headers every other answer on a CORS route carries (Kong's `header_filter` phase). */
export function setCorsHeaders(res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', exposedHeaders);
}
