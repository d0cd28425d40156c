/**
 * The developer's inbox port (54324, where the Supabase CLI serves its mail catcher): the password-reset
 * emails (../mail) at `/` and the contact-form submissions (../form-sink) at `/form-sink/`; `POST /realtime/stop`
 * and `/realtime/start` (JSON) stop and start the Realtime service.
 *
 * It is never behind the API gateway and never answers CORS, so a web page on another origin cannot read a
 * reset link and take over the account. It also refuses any Host but its own loopback names (a page that
 * rebinds its DNS name to 127.0.0.1 would otherwise be same-origin with it), cannot be framed, and its JSON
 * cannot be loaded cross-origin by a script or image tag.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FormSink } from './form-sink/index.ts';
import { sendJson } from './http.ts';
import { listenOnLoopback } from './listen.ts';
import type { Mailbox } from './mail/index.ts';

/** Stops and starts the stack's Realtime service, so the screens can be seen carrying on without it. */
export interface RealtimeSwitch {
  running(): boolean;
  stop(): Promise<void>;
  start(): void;
}

export interface RunningInbox {
  url: string;
  close(): Promise<void>;
}

const protectiveHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
};

export async function startInboxServer(opts: { port: number; mailbox: Mailbox; formSink: FormSink; realtime?: RealtimeSwitch }): Promise<RunningInbox> {
  const ownHosts = new Set([`127.0.0.1:${opts.port}`, `localhost:${opts.port}`, `[::1]:${opts.port}`]);

  function handle(req: IncomingMessage, res: ServerResponse): Promise<void> | void {
    for (const [name, value] of Object.entries(protectiveHeaders)) res.setHeader(name, value);
    req.resume();
    if (!ownHosts.has((req.headers.host ?? '').toLowerCase())) {
      return sendJson(res, 421, { message: `This inbox only answers as http://127.0.0.1:${opts.port} or http://localhost:${opts.port}.` });
    }
    const url = new URL(req.url ?? '/', 'http://inbox');
    if (opts.realtime && (url.pathname === '/realtime/stop' || url.pathname === '/realtime/start')) {
      // JSON only: a page on another origin cannot send that without a preflight, which this port never answers.
      if (req.method !== 'POST' || !(req.headers['content-type'] ?? '').startsWith('application/json')) {
        return sendJson(res, 405, { message: 'POST with Content-Type: application/json' });
      }
      const realtime = opts.realtime;
      if (url.pathname === '/realtime/start') realtime.start();
      return Promise.resolve(url.pathname === '/realtime/stop' ? realtime.stop() : undefined).then(() => sendJson(res, 200, { running: realtime.running() }));
    }
    if (url.pathname === '/form-sink' || url.pathname.startsWith('/form-sink/')) {
      req.url = `${url.pathname.slice('/form-sink'.length) || '/'}${url.search}`;
      return opts.formSink.list(req, res);
    }
    return opts.mailbox.handle(req, res);
  }

  const server = await listenOnLoopback(opts.port, 'mail inbox', (req, res) => {
    Promise.resolve(handle(req, res)).catch((error: unknown) => {
      console.error('[inbox]', error);
      if (!res.headersSent) sendJson(res, 500, { message: 'An unexpected error occurred' });
      else res.destroy();
    });
  });
  return { url: `http://127.0.0.1:${opts.port}`, close: () => server.close() };
}
