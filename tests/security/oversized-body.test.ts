/**
 * Every service of the local stack runs in one process, so one oversized request body must neither grow that
 * process nor reach a handler: each answers 413 after at most its cap, whether the client declares the size
 * (Content-Length) or streams without one (chunked), and keeps answering afterwards.
 */
import fs from 'node:fs';
import http from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { anonKey } from '../../local-stack/config.ts';
import { signedInClient, uniqueEmail } from '../e2e/support/api.ts';

const megabyte = 1024 * 1024;
/** What the probe sent to the Stripe stand-in (300 MB); the process grew from 640 MB to 1.5 GB. */
const bodySize = 256 * megabyte;
/** Growth the stack process may show while bodies this size stream in: buffers and GC slack, not the bodies. */
const allowedGrowth = 96 * megabyte;

function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  if (!Number.isFinite(kilobytes)) throw new Error(`No VmRSS for pid ${pid}`);
  return kilobytes * 1024;
}

interface Upload {
  status: number;
  body: string;
  /** Highest resident size of the stack process seen while the body was sent. */
  peakRss: number;
  /** The connection closed while the body was still being sent, before an answer could be read. */
  closedEarly?: boolean;
}

/**
 * Sends up to `size` bytes to `target` in 64 KiB chunks, as a client does until the server answers (curl and
 * browsers stop sending then), sampling the stack process's memory every 8 MiB sent and at the answer. A
 * server that buffers the body answers only after all of it has arrived.
 */
function upload(target: string, headers: Record<string, string>, size: number, declareLength: boolean): Promise<Upload> {
  const url = new URL(target);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const stackPid = inject('stackPid');
  let peakRss = residentBytes(stackPid);
  // Keep-alive, as browsers and curl connect: the server's answer then ends the connection itself (nginx-style).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    let answered = false;
    let sent = 0;
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...headers, ...(declareLength ? { 'content-length': String(size) } : {}) },
        agent,
      },
      (response) => {
        answered = true;
        peakRss = Math.max(peakRss, residentBytes(stackPid));
        const chunks: Buffer[] = [];
        response.on('data', (data: Buffer) => chunks.push(data));
        response.on('end', () => {
          request.destroy();
          agent.destroy();
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), peakRss });
        });
      },
    );
    // Once the answer is in, the server may close while the rest is still being sent: that is its refusal.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      agent.destroy();
      // A service in its own process may close the connection on a streamed body before its answer is read (the
      // refusal raced the client's writes): the body was not taken, which is what this test is about.
      if ((error.code === 'EPIPE' || error.code === 'ECONNRESET') && sent < size) {
        resolve({ status: 0, body: '', peakRss: Math.max(peakRss, residentBytes(stackPid)), closedEarly: true });
        return;
      }
      reject(error);
    });
    const write = () => {
      while (sent < size && !answered) {
        sent += chunk.length;
        if (sent % (8 * megabyte) === 0) peakRss = Math.max(peakRss, residentBytes(stackPid));
        if (!request.write(chunk)) {
          request.once('drain', write);
          return;
        }
      }
      if (!answered) request.end();
    };
    write();
  });
}

const api = () => inject('apiUrl');
let owner: { id: string; token: string } | undefined;

interface Target {
  name: string;
  url: () => string;
  headers: () => Record<string, string>;
  /** The answer; for the services in their own processes a streamed body may be refused by them first (400). */
  status: number | number[];
  check?: (body: string) => void;
}

const targets: Target[] = [
  {
    name: 'Stripe stand-in API, no key',
    url: () => `${api()}/stripe/v1/customers`,
    headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }),
    status: 413,
  },
  { name: 'Auth sign-up', url: () => `${api()}/auth/v1/signup`, headers: () => ({ apikey: anonKey, 'content-type': 'application/json' }), status: 413 },
  {
    name: 'contact form sink',
    url: () => `${api()}/form-sink/f/contact`,
    headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }),
    status: 413,
  },
  {
    // The owner's own folder, so the row passes RLS and the size is what is refused.
    name: 'Storage upload (HTTP 400 with statusCode "413", as Supabase Storage answers)',
    url: () => `${api()}/storage/v1/object/qr_images/${owner!.id}/huge.jpg`,
    headers: () => ({ apikey: anonKey, authorization: `Bearer ${owner!.token}`, 'content-type': 'image/jpeg' }),
    status: 400,
    check: (body) => expect(JSON.parse(body)).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' }),
  },
  {
    name: 'PostgREST through the gateway',
    url: () => `${api()}/rest/v1/rpc/record_scan`,
    headers: () => ({ apikey: anonKey, 'content-type': 'application/json' }),
    status: [413, 400],
  },
  {
    name: 'Edge Function without a key (stripe-webhook)',
    url: () => `${api()}/functions/v1/stripe-webhook`,
    headers: () => ({ 'content-type': 'application/json' }),
    status: [413, 400],
  },
];

describe('oversized request bodies', () => {
  beforeAll(async () => {
    const { client, userId } = await signedInClient(uniqueEmail('oversized'));
    const { data } = await client.auth.getSession();
    owner = { id: userId, token: data.session!.access_token };
  });

  it.each(targets)('$name: refused for a streamed and for a declared 256 MiB body, and the stack process stays under its memory', async (target) => {
    const before = residentBytes(inject('stackPid'));
    for (const declareLength of [false, true]) {
      const result = await upload(target.url(), target.headers(), bodySize, declareLength);
      // A declared length over the cap is refused by the gateway before anything reaches a service.
      const expected = Array.isArray(target.status) ? (declareLength ? [413] : target.status) : [target.status];
      if (result.closedEarly && !declareLength && Array.isArray(target.status)) {
        expect(result.status).toBe(0); // closed before the whole body was sent: refused, not taken
      } else {
        expect(expected, `declared length: ${declareLength}`).toContain(result.status);
        target.check?.(result.body);
      }
      expect(result.peakRss - before, `growth with declared length: ${declareLength}`).toBeLessThan(allowedGrowth);
    }
    // Still serving.
    const health = await fetch(`${api()}/functions/v1/health`);
    expect(health.status).toBe(200);
  });
});
