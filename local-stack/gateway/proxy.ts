/**
 * Forwarding to the services that run as their own processes (PostgREST, the Edge Functions on Deno): the
 * body streams through without being buffered, up to `bodyLimit` bytes (413 past it, before or while it
 * streams); the upstream's own CORS headers give way to the gateway's.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { declaresBody, sendJson } from '../http.ts';

/** Kong's wording when a body is over the limit. */
export function sendTooLarge(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  sendJson(res, 413, { message: 'Request size limit exceeded' });
}

/** How often a request without a body is sent again when a kept-alive connection turned out to be closed. */
const staleConnectionRetries = 2;

export function proxy(opts: {
  agent: http.Agent;
  req: IncomingMessage;
  res: ServerResponse;
  /** Base URL of the upstream. */
  target: string;
  pathAndQuery: string;
  headers: http.OutgoingHttpHeaders;
  bodyLimit: number;
}): Promise<void> {
  const { req, res } = opts;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.bodyLimit) {
    sendTooLarge(req, res);
    return Promise.resolve();
  }
  const base = new URL(opts.target);
  const bodiless = !declaresBody(req);
  let upstreamDone = false;
  let tooLarge = false;
  let current: http.ClientRequest | null = null;
  // The browser gave up (navigation, abort): stop the upstream work too.
  res.on('close', () => {
    if (!upstreamDone) current?.destroy();
  });

  const forward = (attempt: number): Promise<void> =>
    new Promise((resolve) => {
      const upstream = http.request(
        {
          hostname: base.hostname,
          port: base.port,
          method: req.method,
          path: opts.pathAndQuery,
          headers: { ...opts.headers, host: base.host },
          agent: opts.agent,
        },
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
      current = upstream;
      res.once('close', () => resolve());
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (tooLarge) return;
        // A kept-alive connection the upstream closed just as it was reused: nothing reached the service, and a
        // request without a body can go again on a new one (Node's advice for `reusedSocket`).
        if (bodiless && upstream.reusedSocket && error.code === 'ECONNRESET' && !res.headersSent && attempt < staleConnectionRetries) {
          resolve(forward(attempt + 1));
          return;
        }
        if (res.headersSent) res.destroy();
        // Refused or reset: the service has just stopped, and its supervisor is starting it again (../supervisor.ts).
        else if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') {
          sendJson(res, 503, { message: 'The service is restarting; try again in a moment.' }, { 'Retry-After': '1' });
        } else sendJson(res, 502, { message: 'An invalid response was received from the upstream server' });
        resolve();
      });
      if (bodiless) {
        req.resume();
        upstream.end();
        return;
      }
      let received = 0;
      const limiter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          if (received <= opts.bodyLimit) return callback(null, chunk);
          if (!tooLarge) {
            tooLarge = true;
            req.unpipe(limiter);
            upstream.destroy();
            if (!res.headersSent) sendTooLarge(req, res);
            else res.destroy();
            resolve();
          }
          callback();
        },
      });
      req.pipe(limiter).pipe(upstream);
    });

  return forward(0);
}
