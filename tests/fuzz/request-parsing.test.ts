/**
 * Property-based fuzzing (fast-check) of the local stack's request parsing: generated request targets, headers,
 * query strings, JSON, form and multipart bodies and JWTs go to every service behind the gateway (Auth, Storage, the
 * Stripe stand-in, the form sink, the Edge Functions, the gateway itself) and to the inbox port. None may answer 5xx
 * or leave a request unanswered, the process that hosts the in-process services must stay up with its memory
 * bounded, and afterwards every service still answers an ordinary request.
 */
import fs from 'node:fs';
import http from 'node:http';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { anonKey, serviceRoleKey } from '../../local-stack/config.ts';
import { localStripeSecretKey } from '../../local-stack/stripe/config.ts';
import {
  segment,
  apiPrefix,
  queryPart,
  method,
  headerValue,
  anyJson,
  jsonTarget,
  formBody,
  stripeTarget,
  multipartBody,
  multipartTarget,
  jwt,
  tokenText,
  jwtTarget,
} from './request-arbitraries.ts';

/** Runs per property: enough to reach the odd corners of each parser, few enough for CI's time. */
const numRuns = 300;
/** An answer slower than this is a hang. */
const answerWithinMs = 10_000;

interface Sent {
  method: string;
  target: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

interface Answered {
  status: number;
  /** The start of the answer's body, for the failure message. */
  body: string;
  /** What went wrong instead of an answer ('' when there was one). */
  problem: string;
}

/** One request exactly as generated (node:http sends the target byte for byte), on its own connection. */
function send(base: string, request: Sent): Promise<Answered> {
  const url = new URL(base);
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  return new Promise((resolve) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.target,
        headers: { ...(body ? { 'content-length': String(body.length) } : {}), ...request.headers },
        agent: false,
        timeout: answerWithinMs,
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          if (body.length < 300) body += chunk.toString('utf8');
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, problem: '' }));
        response.on('error', (error) => resolve({ status: response.statusCode ?? 0, body, problem: `answer cut: ${error.message}` }));
      },
    );
    outgoing.on('timeout', () => {
      outgoing.destroy();
      resolve({ status: 0, body: '', problem: `no answer within ${answerWithinMs} ms` });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // An early answer to a body still being sent may end the connection first; the refusal is not a fault.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status: 0, body: '', problem: '' });
      else resolve({ status: 0, body: '', problem: `request failed: ${error.message}` });
    });
    outgoing.end(body);
  });
}

/** Sends and checks one generated request: an answer, and not a 5xx. */
async function answersWithout5xx(base: string, request: Sent): Promise<void> {
  const answer = await send(base, request);
  const what = `${request.method} ${request.target} ${JSON.stringify(request.headers ?? {})} ${String(request.body ?? '').slice(0, 300)}`;
  expect(answer.problem, what).toBe('');
  expect(answer.status, `${what} → ${answer.body}`).toBeLessThan(500);
}

const api = () => inject('apiUrl');

function residentBytes(pid: number): number {
  const kilobytes = Number(/VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kilobytes * 1024;
}

// ---------------------------------------------------------------------------------------------------------------
// generators

/** Path segments that parsers trip over: dots, encoded separators and dots, odd escapes, long and empty segments. */
describe('fuzzing the local stack’s request parsing', () => {
  const stackPid = inject('stackPid');
  const rssBefore = residentBytes(stackPid);

  it('request targets: any path and query on any prefix, with any method', async () => {
    await fc.assert(
      fc.asyncProperty(
        method,
        apiPrefix,
        fc.array(segment, { minLength: 0, maxLength: 5 }),
        queryPart,
        fc.boolean(),
        async (verb, prefix, segments, query, withKey) => {
          const target = `${prefix}/${segments.join('/')}${query}`;
          await answersWithout5xx(api(), {
            method: verb,
            target,
            headers: withKey ? { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` } : {},
          });
        },
      ),
      { numRuns },
    );
  });

  it('headers: any value for the headers the services read', async () => {
    const headerName = fc.constantFrom(
      'content-type',
      'authorization',
      'apikey',
      'range',
      'x-upsert',
      'cache-control',
      'x-metadata',
      'origin',
      'x-forwarded-for',
      'stripe-signature',
      'if-none-match',
      'accept',
      'prefer',
    );
    const target = fc.constantFrom(
      ['GET', '/storage/v1/object/public/qr_images/a/b.png'],
      ['POST', '/storage/v1/object/qr_images/00000000-0000-4000-8000-000000000000/h.png'],
      ['GET', '/auth/v1/user'],
      ['POST', '/auth/v1/token?grant_type=password'],
      ['POST', '/stripe/v1/customers'],
      ['POST', '/functions/v1/stripe-webhook'],
      ['OPTIONS', '/rest/v1/properties'],
      ['GET', '/rest/v1/products?select=id'],
    );
    await fc.assert(
      fc.asyncProperty(target, fc.dictionary(headerName, headerValue, { maxKeys: 5 }), fc.string({ maxLength: 60 }), async ([verb, path], headers, body) => {
        await answersWithout5xx(api(), {
          method: verb!,
          target: path!,
          headers: { apikey: anonKey, ...headers },
          body: verb === 'GET' || verb === 'OPTIONS' ? undefined : body,
        });
      }),
      { numRuns },
    );
  });

  it('JSON bodies: any JSON (and broken JSON) to every JSON endpoint', async () => {
    await fc.assert(
      fc.asyncProperty(jsonTarget, anyJson, fc.boolean(), async ([verb, path], body, asService) => {
        const key = asService ? serviceRoleKey : anonKey;
        await answersWithout5xx(api(), {
          method: verb!,
          target: path!,
          headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        });
      }),
      { numRuns },
    );
  });

  it('form bodies: any bracketed keys and escapes to the Stripe stand-in and the form sink', async () => {
    await fc.assert(
      fc.asyncProperty(stripeTarget, formBody, queryPart, async ([verb, path], body, query) => {
        await answersWithout5xx(api(), {
          method: verb!,
          target: `${path!}${query}`,
          headers: { authorization: `Bearer ${localStripeSecretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: verb === 'GET' ? undefined : body,
        });
      }),
      { numRuns },
    );
  });

  it('multipart bodies: wrong boundaries, parts without names or files, unclosed bodies', async () => {
    await fc.assert(
      fc.asyncProperty(multipartTarget, multipartBody, async ([verb, path], { body, contentType }) => {
        await answersWithout5xx(api(), {
          method: verb!,
          target: path!,
          headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': contentType },
          body,
        });
      }),
      { numRuns },
    );
  });

  it('JWTs: garbage, unsigned and validly signed tokens with odd claims, as bearer and as apikey', async () => {
    await fc.assert(
      fc.asyncProperty(jwtTarget, jwt, fc.boolean(), async ([verb, path], token, asApikey) => {
        const text = await tokenText(token);
        const headers: Record<string, string> = asApikey ? { apikey: text } : { apikey: anonKey, authorization: `Bearer ${text}` };
        const target = path!.endsWith('token=') ? `${path!}${encodeURIComponent(text)}` : path!;
        await answersWithout5xx(api(), {
          method: verb!,
          target,
          headers: { ...headers, 'content-type': 'application/json' },
          body: verb === 'GET' ? undefined : '{}',
        });
      }),
      { numRuns },
    );
  });

  it('the inbox port: any path and query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/', '/api/messages', '/form-sink', '/form-sink/api/submissions', '/messages'),
        queryPart,
        method,
        async (path, query, verb) => {
          await answersWithout5xx(new URL(inject('inboxUrl')).origin, { method: verb, target: `${path}${query}` });
        },
      ),
      { numRuns },
    );
  });

  it('afterwards the stack process is up, its memory bounded, and every service answers an ordinary request', async () => {
    process.kill(stackPid, 0);
    const growth = residentBytes(stackPid) - rssBefore;
    console.log(`fuzz: stack process grew ${(growth / 1024 / 1024).toFixed(0)} MB`);
    expect(growth).toBeLessThan(200 * 1024 * 1024);
    const ordinary = [
      fetch(`${api()}/auth/v1/settings`, { headers: { apikey: anonKey } }),
      fetch(`${api()}/rest/v1/products?select=id`, { headers: { apikey: anonKey } }),
      fetch(`${api()}/storage/v1/bucket`, { headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` } }),
      fetch(`${api()}/functions/v1/health`, { headers: { apikey: anonKey } }),
      fetch(`${api()}/stripe/v1/prices/price_local_monthly`, { headers: { authorization: `Bearer ${localStripeSecretKey}` } }),
    ];
    expect((await Promise.all(ordinary)).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
  });
});
