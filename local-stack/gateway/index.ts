/**
 * The one public port of the local stack (54321 as with the Supabase CLI), standing in for Supabase's API
 * gateway (Kong). Every request target is normalised first (./paths.ts), then routed by prefix:
 *
 *   /rest/v1       → real PostgREST (proxied)          /auth/v1      → Auth stand-in
 *   /storage/v1    → Storage stand-in                   /functions/v1 → Deno (proxied), verify_jwt checked here
 *   /form-sink/f/* → the contact form endpoint          /stripe       → Stripe stand-in (when present)
 *   /realtime/v1/websocket (WebSocket upgrade)          → the Realtime service (../realtime)
 *
 * On the four API prefixes it answers CORS as Kong does (./cors.ts), requires the apikey like Kong's
 * key-auth (./api-keys.ts) and enforces `verify_jwt` for Edge Functions as the CLI's functions router does.
 * The mail inbox and the form submissions are not here: they have their own port without CORS
 * (../inbox-server.ts), as the CLI serves its mail catcher.
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { jwtSecret } from '../config.ts';
import { guardFunctionRequest } from '../functions/config.ts';
import { functionsDir } from '../functions/index.ts';
import { sendJson } from '../http.ts';
import { listenOnLoopback, type LoopbackServer } from '../listen.ts';
import { configTomlPath, functionSettings, readSupabaseConfig } from '../supabase-config.ts';
import { apikeyOf, isValidApiKey, keyExempt, type ApiPrefix } from './api-keys.ts';
import { answerIfUnavailable, type RouteNeeds } from './availability.ts';
import { answerPreflight, isPreflight, setCorsHeaders } from './cors.ts';
import { normaliseRequestTarget, type RequestTarget } from './paths.ts';
import { proxy } from './proxy.ts';
import type { Duplex } from 'node:stream';
import type { RealtimeService } from '../realtime/server.ts';

/** Anything mounted under a prefix; `req.url` reaches it normalised and without the prefix. */
export interface MountedService {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void;
}

export interface GatewayOptions {
  port: number;
  postgrestUrl: string;
  functionsUrl: string;
  auth?: MountedService;
  storage?: MountedService;
  /** The public contact-form endpoint: POST /form-sink/f/<formId>. */
  formSubmissions?: MountedService;
  stripe?: MountedService;
  /** The Realtime service, or null while it is stopped (then its WebSocket answers 503). */
  realtime?: () => RealtimeService | null;
  /** Defaults to supabase/config.toml (re-read on every function call so edits apply without a restart). */
  configTomlPath?: string;
  /** One line per request (method, path without query, status, ms): what to read when a test fails. */
  accessLogFile?: string;
  /** The supervised services each API route needs: while one is not up, the route answers 503 (./availability.ts). */
  needs?: Partial<Record<ApiPrefix | '/realtime/v1', RouteNeeds>>;
}

export interface RunningGateway {
  url: string;
  close(): Promise<void>;
}

/**
 * Bodies of the services behind their own processes (PostgREST, Edge Functions) stream through up to the
 * largest upload the API takes (Storage's global 50 MiB); the in-process services cap their own bodies.
 */
export const proxiedBodyLimit = 50 * 1024 * 1024;

const apiPrefixes: ApiPrefix[] = ['/rest/v1', '/auth/v1', '/storage/v1', '/functions/v1'];

function matchPrefix(pathname: string, prefixes: readonly string[]): string | undefined {
  return prefixes.find((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function mount(
  service: MountedService | undefined,
  name: string,
  req: IncomingMessage,
  res: ServerResponse,
  rest: string,
  target: RequestTarget,
): Promise<void> | void {
  if (!service) return sendJson(res, 503, { message: `${name} is not running in this stack` });
  req.url = `${rest === '' ? '/' : rest}${target.search}`;
  return service.handle(req, res);
}

/** The caller's address, as Kong passes it on: a client's own X-Forwarded-For is not believed. */
function clientAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

export async function startGateway(opts: GatewayOptions): Promise<RunningGateway> {
  const configFile = opts.configTomlPath ?? configTomlPath;
  const functions = () => functionSettings(readSupabaseConfig(configFile));
  const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  async function api(prefix: ApiPrefix, req: IncomingMessage, res: ServerResponse, target: RequestTarget, rest: string): Promise<void> {
    const method = req.method ?? 'GET';
    if (isPreflight(req)) return answerPreflight(req, res);
    setCorsHeaders(res);
    const settings = prefix === '/functions/v1' ? functions() : new Map();
    const key = apikeyOf(req, target);
    if (!keyExempt(prefix, rest, method, target, settings)) {
      if (key === undefined) return sendJson(res, 401, { message: 'No API key found in request' });
      if (!isValidApiKey(key)) return sendJson(res, 401, { message: 'Invalid API key' });
    }
    if (target.encodedTraversal) return sendJson(res, 400, { message: 'Encoded path separators are not allowed' });
    if (answerIfUnavailable(res, opts.needs?.[prefix])) return;
    // Like the CLI's Kong (request-transformer): a request carrying only the key acts with that key's role.
    if ((prefix === '/rest/v1' || prefix === '/storage/v1') && !req.headers.authorization && isValidApiKey(key)) {
      req.headers.authorization = `Bearer ${key}`;
    }

    switch (prefix) {
      case '/rest/v1': {
        // Kong hides the key from the upstream; PostgREST would otherwise read `apikey=` as a filter.
        const query = new URLSearchParams(target.search);
        query.delete('apikey');
        const search = query.size > 0 ? `?${query}` : '';
        return proxy({
          agent: upstreamAgent,
          req,
          res,
          target: opts.postgrestUrl,
          pathAndQuery: `${rest || '/'}${search}`,
          headers: req.headers,
          bodyLimit: proxiedBodyLimit,
        });
      }
      case '/functions/v1': {
        const name = rest.split('/')[1] ?? '';
        const guard = await guardFunctionRequest({
          name,
          method,
          authorization: req.headers.authorization,
          settings,
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
        return proxy({
          agent: upstreamAgent,
          req,
          res,
          target: opts.functionsUrl,
          pathAndQuery: `${rest || '/'}${target.search}`,
          headers: req.headers,
          bodyLimit: proxiedBodyLimit,
        });
      }
      case '/auth/v1':
        return mount(opts.auth, 'Auth', req, res, rest, target);
      case '/storage/v1':
        return mount(opts.storage, 'Storage', req, res, rest, target);
    }
  }

  /** The contact form endpoint, open to any page as a hosted form service is. */
  function formSubmission(req: IncomingMessage, res: ServerResponse, target: RequestTarget, rest: string): Promise<void> | void {
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) return answerPreflight(req, res);
    setCorsHeaders(res);
    return mount(opts.formSubmissions, 'The form sink', req, res, rest, target);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = normaliseRequestTarget(req.url ?? '/');
    if (!target) return sendJson(res, 400, { message: 'Bad request' });
    req.headers['x-forwarded-for'] = clientAddress(req);

    const apiPrefix = matchPrefix(target.pathname, apiPrefixes) as ApiPrefix | undefined;
    if (apiPrefix) return api(apiPrefix, req, res, target, target.pathname.slice(apiPrefix.length));
    if (target.pathname.startsWith('/form-sink/f/')) return formSubmission(req, res, target, target.pathname.slice('/form-sink'.length));
    if (matchPrefix(target.pathname, ['/stripe'])) return mount(opts.stripe, 'The Stripe stand-in', req, res, target.pathname.slice('/stripe'.length), target);
    req.resume();
    return sendJson(res, 404, { message: 'no Route matched with those values' });
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

  /** /realtime/v1/websocket: the apikey checked as on the other API routes, then the Realtime service takes over. */
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const refuse = (status: number, reason: string, message: string): void => {
      const body = JSON.stringify({ message });
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    };
    socket.on('error', () => socket.destroy());
    const target = normaliseRequestTarget(req.url ?? '/');
    if (!target || target.pathname !== '/realtime/v1/websocket') return refuse(404, 'Not Found', 'no Route matched with those values');
    const key = apikeyOf(req, target);
    if (key === undefined) return refuse(401, 'Unauthorized', 'No API key found in request');
    if (!isValidApiKey(key)) return refuse(401, 'Unauthorized', 'Invalid API key');
    const realtime = opts.realtime?.();
    if (!realtime || opts.needs?.['/realtime/v1']?.some((service) => service.state() !== 'up')) {
      return refuse(503, 'Service Unavailable', 'Realtime is not running; try again in a moment.');
    }
    req.url = `/websocket${target.search}`;
    realtime.handleUpgrade(req, socket, head);
  };

  const server: LoopbackServer = await listenOnLoopback(opts.port, 'API gateway', listener, upgrade);
  return {
    url: `http://127.0.0.1:${opts.port}`,
    async close() {
      await server.close();
      upstreamAgent.destroy();
      await new Promise<void>((resolve) => (accessLog ? accessLog.end(resolve) : resolve()));
    },
  };
}
