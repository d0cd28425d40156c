/**
 * The one public port of the local stack (54321 as with the Supabase CLI), standing in for Supabase's
 * API gateway: routes by prefix, answers CORS, requires the `apikey` like Kong's key-auth does, and
 * enforces `verify_jwt` for Edge Functions as the CLI's functions router does.
 *
 *   /rest/v1       → real PostgREST (proxied)          /auth/v1      → Auth stand-in
 *   /storage/v1    → Storage stand-in                   /functions/v1 → Deno (proxied), verify_jwt checked here
 *   /inbox         → mailbox page                       /form-sink    → contact form sink
 *   /stripe        → Stripe stand-in (when present)
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { anonKey, jwtSecret, projectRoot, serviceRoleKey } from './config.ts';
import { guardFunctionRequest, readFunctionSettings, type FunctionSettings } from './functions/config.ts';
import { functionsDir } from './functions/index.ts';
import { StackStartError } from './process-utils.ts';

/** Anything mounted under a prefix; `req.url` reaches it without the prefix. */
export interface MountedService {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void;
}

export interface GatewayOptions {
  port: number;
  postgrestUrl: string;
  functionsUrl: string;
  auth?: MountedService;
  storage?: MountedService;
  mailbox?: MountedService;
  formSink?: MountedService;
  stripe?: MountedService;
  /** Defaults to supabase/config.toml (re-read on every function call so edits apply without a restart). */
  configTomlPath?: string;
  /** One line per request (method, path without query, status, ms): what to read when a test fails. */
  accessLogFile?: string;
}

export interface RunningGateway {
  url: string;
  close(): Promise<void>;
}

/** The headers supabase-js and the browser send, allowed on every route. */
export const corsAllowHeaders = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'x-upsert',
  'x-supabase-api-version',
  'prefer',
  'accept-profile',
  'content-profile',
  'range',
  'cache-control',
  'x-region',
  'x-metadata',
  'content-encoding',
].join(', ');

function corsHeaders(req: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': req.headers.origin ?? '*',
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': corsAllowHeaders,
    'Access-Control-Expose-Headers': 'Content-Range, X-Supabase-Api-Version, Content-Length, ETag, Location, x-sb-error-code',
    'Access-Control-Max-Age': '3600',
    Vary: 'Origin',
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
}

/** Routes that Supabase leaves open: links in emails, `<img src>` of public objects. */
function apikeyExempt(prefix: string, rest: string, method: string): boolean {
  if (prefix === '/auth/v1') return /^\/(verify|callback|authorize)(\/|\?|$)/.test(rest);
  if (prefix === '/storage/v1') {
    // Public objects and signed links are opened by <img>, downloads and other apps, none of which send a key.
    return (method === 'GET' || method === 'HEAD') && /^\/object\/(public|info\/public|sign)\//.test(rest);
  }
  return false;
}

const validApiKeys = new Set([anonKey, serviceRoleKey]);

function apikeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers.apikey;
  if (typeof header === 'string' && header !== '') return header;
  const query = new URL(req.url ?? '/', 'http://gateway').searchParams.get('apikey');
  return query ?? undefined;
}

/** Pipes the request to `target` (base URL) + `pathAndQuery`; upstream CORS headers are replaced by ours. */
function proxy(agent: http.Agent, req: IncomingMessage, res: ServerResponse, target: string, pathAndQuery: string): Promise<void> {
  return new Promise((resolve) => {
    const base = new URL(target);
    const headers = { ...req.headers, host: base.host };
    let upstreamDone = false;
    const upstream = http.request(
      { hostname: base.hostname, port: base.port, method: req.method, path: pathAndQuery, headers, agent },
      (upstreamRes) => {
        const outgoing: Record<string, string | string[]> = {};
        for (const [key, value] of Object.entries(upstreamRes.headers)) {
          if (value === undefined || key.toLowerCase().startsWith('access-control-')) continue;
          outgoing[key] = value;
        }
        for (const [key, value] of Object.entries(res.getHeaders())) {
          if (typeof value === 'string') outgoing[key] = value;
        }
        res.writeHead(upstreamRes.statusCode ?? 502, outgoing);
        upstreamRes.pipe(res);
        upstreamRes.on('end', () => {
          upstreamDone = true;
          resolve();
        });
        upstreamRes.on('error', () => {
          res.destroy();
          resolve();
        });
      },
    );
    upstream.on('error', () => {
      // Kong's wording; 502 rather than 503 because postgrest-js retries GETs on 503.
      if (!res.headersSent) sendJson(res, 502, { message: 'An invalid response was received from the upstream server' });
      else res.destroy();
      resolve();
    });
    // The browser gave up (navigation, abort): stop the upstream work too.
    res.on('close', () => {
      if (!upstreamDone) upstream.destroy();
      resolve();
    });
    req.pipe(upstream);
  });
}

/** The caller's address, as Kong passes it on: a client's own X-Forwarded-For is not believed. */
function clientAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

function mount(service: MountedService | undefined, name: string, req: IncomingMessage, res: ServerResponse, rest: string): Promise<void> | void {
  if (!service) return sendJson(res, 503, { message: `${name} is not running in this stack` });
  req.url = rest === '' ? '/' : rest;
  return service.handle(req, res);
}

export async function startGateway(opts: GatewayOptions): Promise<RunningGateway> {
  const configTomlPath = opts.configTomlPath ?? path.join(projectRoot, 'supabase', 'config.toml');
  const functionSettings = (): Map<string, FunctionSettings> => readFunctionSettings(configTomlPath);
  const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    req.headers['x-forwarded-for'] = clientAddress(req);
    for (const [key, value] of Object.entries(corsHeaders(req))) res.setHeader(key, value);
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.writeHead(200, { 'Content-Length': 0 });
      res.end();
      return;
    }

    const prefix = ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1', '/inbox', '/form-sink', '/stripe'].find(
      (candidate) => url === candidate || url.startsWith(`${candidate}/`) || url.startsWith(`${candidate}?`),
    );
    if (!prefix) return sendJson(res, 404, { message: 'no Route matched with those values' });
    const rest = url.slice(prefix.length);

    if (['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1'].includes(prefix) && !apikeyExempt(prefix, rest, method)) {
      const functionName = prefix === '/functions/v1' ? (rest.split(/[/?]/)[1] ?? '') : null;
      // Functions without verify_jwt (webhooks) are called by third parties that send no key.
      const keyNeeded = functionName === null || (functionSettings().get(functionName)?.verifyJwt ?? true);
      if (keyNeeded && method !== 'OPTIONS') {
        const key = apikeyOf(req);
        if (!key) return sendJson(res, 401, { message: 'No API key found in request' });
        if (!validApiKeys.has(key)) return sendJson(res, 401, { message: 'Invalid API key' });
      }
    }

    // Like the CLI's Kong (request-transformer): a request carrying only the key acts with that key's role.
    if ((prefix === '/rest/v1' || prefix === '/storage/v1') && !req.headers.authorization) {
      const key = apikeyOf(req);
      if (key && validApiKeys.has(key)) req.headers.authorization = `Bearer ${key}`;
    }

    switch (prefix) {
      case '/rest/v1': {
        // Kong hides the key from the upstream; PostgREST would otherwise read `apikey=` as a filter.
        const target = new URL(rest === '' ? '/' : rest, 'http://gateway');
        target.searchParams.delete('apikey');
        return proxy(upstreamAgent, req, res, opts.postgrestUrl, `${target.pathname}${target.search}`);
      }
      case '/functions/v1': {
        const target = new URL(rest === '' ? '/' : rest, 'http://gateway');
        const name = target.pathname.split('/')[1] ?? '';
        const guard = await guardFunctionRequest({
          name,
          method,
          authorization: req.headers.authorization,
          settings: functionSettings(),
          exists: name !== '' && fs.existsSync(path.join(functionsDir, name, 'index.ts')),
          jwtSecret,
        });
        if (!guard.ok) {
          req.resume();
          if (typeof guard.body === 'string') {
            res.writeHead(guard.status, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(guard.body) });
            res.end(guard.body);
            return;
          }
          return sendJson(res, guard.status, guard.body);
        }
        return proxy(upstreamAgent, req, res, opts.functionsUrl, `${target.pathname}${target.search}`);
      }
      case '/auth/v1':
        return mount(opts.auth, 'Auth', req, res, rest);
      case '/storage/v1':
        return mount(opts.storage, 'Storage', req, res, rest);
      case '/inbox':
        return mount(opts.mailbox, 'The mail inbox', req, res, rest);
      case '/form-sink':
        return mount(opts.formSink, 'The form sink', req, res, rest);
      case '/stripe':
        return mount(opts.stripe, 'The Stripe stand-in', req, res, rest);
    }
  }

  const accessLog = opts.accessLogFile ? fs.createWriteStream(opts.accessLogFile, { flags: 'a' }) : null;
  accessLog?.on('error', () => {});

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    if (accessLog) {
      const started = performance.now();
      const line = `${req.method} ${(req.url ?? '/').split('?')[0]}`;
      res.once('finish', () => {
        accessLog.write(`${new Date().toISOString()} ${line} ${res.statusCode} ${Math.round(performance.now() - started)}ms\n`);
      });
    }
    handle(req, res).catch((error: unknown) => {
      console.error('[gateway]', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'An unexpected error occurred' });
      else res.destroy();
    });
  };

  const servers: http.Server[] = [];
  const listen = (host: string): Promise<http.Server> =>
    new Promise((resolve, reject) => {
      const server = http.createServer(listener);
      server.once('error', reject);
      server.listen({ port: opts.port, host, exclusive: true }, () => {
        server.off('error', reject);
        resolve(server);
      });
    });

  try {
    servers.push(await listen('127.0.0.1'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new StackStartError(
      code === 'EADDRINUSE' ? `Port ${opts.port} (API gateway) is already in use` : `The API gateway could not listen on ${opts.port}: ${String(error)}`,
    );
  }
  // `localhost` may resolve to ::1 first (browsers, Node 20); serve there too when IPv6 is available.
  try {
    servers.push(await listen('::1'));
  } catch {
    // No IPv6 loopback on this machine, or the port is taken there: 127.0.0.1 is enough.
  }

  return {
    url: `http://127.0.0.1:${opts.port}`,
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
      upstreamAgent.destroy();
      await new Promise<void>((resolve) => (accessLog ? accessLog.end(resolve) : resolve()));
    },
  };
}
