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
import { anonKey, jwtSecret, serviceRoleKey } from '../../local-stack/config.ts';
import { signHs256 } from '../../local-stack/jwt.ts';
import { localStripeSecretKey } from '../../local-stack/stripe/config.ts';

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
const segment = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '',
    '%2e%2e',
    '%2E',
    '%2f',
    '%2F',
    '%5c',
    '%00',
    '%25',
    '%252e',
    '%',
    '%zz',
    '%c3%a9',
    '%ff',
    ';x=1',
    '~',
    '*',
    'object',
    'public',
  ),
  fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,12}$/),
  fc.string({ unit: fc.constantFrom(...'abc%2Ff.-_'), maxLength: 40 }),
  fc.constant('a'.repeat(3000)),
);
const apiPrefix = fc.constantFrom(
  '/auth/v1',
  '/auth/v1/admin',
  '/storage/v1/object',
  '/storage/v1/object/public/qr_images',
  '/storage/v1/object/sign/qr_images',
  '/storage/v1/object/list',
  '/storage/v1/bucket',
  '/stripe',
  '/stripe/v1',
  '/form-sink/f',
  '/functions/v1',
  '/rest/v1/rpc',
  '',
);
const queryPart = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.stringMatching(/^[A-Za-z_[\]%0-9.]{0,12}$/), fc.stringMatching(/^[A-Za-z0-9%+=&._[\]-]{0,20}$/)), { maxLength: 5 })
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  fc.constantFrom('?', '?&&', '?=', '?%', '?a=%zz', '?__proto__[role]=x', `?apikey=${anonKey}`, '?redirect_to=javascript:alert(1)', '?token=a.b.c'),
);
const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');

/** Header values node:http will send (visible ASCII and spaces). */
const headerValue = fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,60}$/), fc.constantFrom('', ' ', 'Bearer', 'Bearer ', 'bearer a.b.c', 'Basic eA=='));

const anyJson = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.constantFrom(
    '',
    '{',
    'null',
    '[]',
    '"x"',
    '1e999',
    '{"a":}',
    '\u0000',
    '{"__proto__":{"role":"service_role"}}',
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  ),
  fc
    .record(
      {
        email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 }), fc.integer()),
        password: fc.oneof(fc.string({ maxLength: 20 }), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })),
        data: fc.oneof(fc.object({ maxDepth: 2 }), fc.string(), fc.constant(null)),
        prefix: fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null)),
        limit: fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.double()),
        offset: fc.oneof(fc.integer(), fc.string({ maxLength: 4 })),
        sortBy: fc.oneof(fc.record({ column: fc.anything(), order: fc.anything() }), fc.string({ maxLength: 4 })),
        paths: fc.oneof(fc.array(fc.anything(), { maxLength: 3 }), fc.string({ maxLength: 4 })),
        prefixes: fc.oneof(fc.array(fc.anything(), { maxLength: 3 }), fc.string({ maxLength: 4 })),
        expiresIn: fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.double()),
        bucketId: fc.anything(),
        sourceKey: fc.anything(),
        destinationKey: fc.anything(),
        refresh_token: fc.oneof(fc.string({ maxLength: 20 }), fc.integer()),
        type: fc.oneof(fc.constantFrom('recovery', 'signup', 'magiclink', 'invite', 'email'), fc.string({ maxLength: 8 })),
        token_hash: fc.string({ maxLength: 20 }),
        redirect_to: fc.oneof(fc.webUrl(), fc.string({ maxLength: 20 })),
      },
      { requiredKeys: [] },
    )
    .map((body) => JSON.stringify(body)),
);

/** JSON endpoints of the in-process services and the Edge Functions. */
const jsonTarget = fc.constantFrom(
  ['POST', '/auth/v1/signup'],
  ['POST', '/auth/v1/token?grant_type=password'],
  ['POST', '/auth/v1/token?grant_type=refresh_token'],
  ['POST', '/auth/v1/token?grant_type=pkce'],
  ['POST', '/auth/v1/recover'],
  ['POST', '/auth/v1/verify'],
  ['POST', '/auth/v1/otp'],
  ['PUT', '/auth/v1/user'],
  ['POST', '/auth/v1/logout'],
  ['POST', '/auth/v1/admin/users'],
  ['POST', '/auth/v1/admin/generate_link'],
  ['POST', '/storage/v1/object/list/qr_images'],
  ['POST', '/storage/v1/object/sign/qr_images'],
  ['POST', '/storage/v1/object/sign/qr_images/a/b.png'],
  ['POST', '/storage/v1/object/move'],
  ['POST', '/storage/v1/object/copy'],
  ['DELETE', '/storage/v1/object/qr_images'],
  ['POST', '/form-sink/f/contact'],
  ['POST', '/functions/v1/create-checkout-session'],
  ['POST', '/functions/v1/create-portal-session'],
  ['POST', '/functions/v1/translate-guide'],
  ['POST', '/functions/v1/stripe-webhook'],
);

/** Form bodies with Stripe's bracketed keys, odd escapes and repeated keys. */
const formBody = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.stringMatching(/^[a-z_]{1,10}(\[[a-z0-9_]{0,6}\]){0,3}$/),
        fc.constantFrom(
          'line_items[0][price]',
          'line_items[][quantity]',
          'metadata[user_id]',
          'a[b',
          'a]b[',
          '[]',
          '[0]',
          'x[0][1][2][3][4][5]',
          'customer',
          'mode',
        ),
      ),
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('%zz', '%', '+', price())),
    ),
    { maxLength: 8 },
  )
  .map((pairs) => pairs.map(([key, value]) => `${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${value}`).join('&'));

function price(): string {
  return 'price_local_monthly';
}

const stripeTarget = fc.constantFrom(
  ['POST', '/stripe/v1/customers'],
  ['POST', '/stripe/v1/checkout/sessions'],
  ['POST', '/stripe/v1/billing_portal/sessions'],
  ['POST', '/stripe/v1/subscriptions/sub_x'],
  ['DELETE', '/stripe/v1/subscriptions/sub_x'],
  ['GET', '/stripe/v1/prices/price_local_monthly'],
  ['POST', '/stripe/checkout/cs_x/pay'],
  ['POST', '/stripe/checkout/cs_x/cancel'],
  ['POST', '/stripe/portal/bps_x'],
  ['POST', '/form-sink/f/contact'],
);

/** Multipart bodies written by hand, so boundaries and part headers can be wrong. */
const multipartBody = fc
  .record({
    boundary: fc.oneof(fc.constant('xyz'), fc.stringMatching(/^[A-Za-z0-9'()+_,./:=? -]{0,70}$/)),
    declaredBoundary: fc.oneof(fc.constant('xyz'), fc.stringMatching(/^[A-Za-z0-9-]{0,20}$/), fc.constant('"xyz"')),
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constantFrom('', 'metadata', 'cacheControl', '__proto__', 'file'), fc.string({ maxLength: 8 })),
        filename: fc.option(fc.oneof(fc.constant('a.png'), fc.string({ maxLength: 12 }))),
        type: fc.option(fc.constantFrom('image/png', 'text/plain', '', 'x')),
        content: fc.oneof(fc.string({ maxLength: 40 }), fc.json({ maxDepth: 2 })),
      }),
      { maxLength: 4 },
    ),
    closed: fc.boolean(),
  })
  .map(({ boundary, declaredBoundary, parts, closed }) => {
    const body =
      parts
        .map((part) => {
          const disposition = `Content-Disposition: form-data; name="${part.name}"${part.filename === null ? '' : `; filename="${part.filename}"`}`;
          return `--${boundary}\r\n${disposition}\r\n${part.type === null ? '' : `Content-Type: ${part.type}\r\n`}\r\n${part.content}\r\n`;
        })
        .join('') + (closed ? `--${boundary}--\r\n` : '');
    return { body, contentType: `multipart/form-data; boundary=${declaredBoundary}` };
  });

const multipartTarget = fc.constantFrom(
  ['POST', '/storage/v1/object/qr_images/00000000-0000-4000-8000-000000000000/fuzz.png'],
  ['PUT', '/storage/v1/object/qr_images/00000000-0000-4000-8000-000000000000/fuzz.png'],
  ['POST', '/form-sink/f/contact'],
);

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** JWTs: garbage, wrong shapes, `alg: none`, and tokens signed with the stack's secret carrying odd claims. */
const jwt = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._-]{0,120}$/),
  fc
    .tuple(fc.json(), fc.json(), fc.stringMatching(/^[A-Za-z0-9_-]{0,20}$/))
    .map(([header, payload, signature]) => `${base64url(header)}.${base64url(payload)}.${signature}`),
  fc.json().map((payload) => `${base64url('{"alg":"none","typ":"JWT"}')}.${base64url(payload)}.`),
  fc
    .record(
      {
        role: fc.oneof(fc.constantFrom('anon', 'authenticated', 'service_role', 'postgres', 'supabase_admin', ''), fc.string({ maxLength: 10 }), fc.integer()),
        sub: fc.oneof(fc.uuid(), fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null)),
        session_id: fc.oneof(fc.uuid(), fc.string({ maxLength: 10 })),
        aud: fc.oneof(fc.constant('authenticated'), fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 })),
        exp: fc.oneof(fc.integer({ min: 0, max: 4_000_000_000 }), fc.constant(Math.floor(Date.now() / 1000) + 3600)),
        url: fc.string({ maxLength: 20 }),
        email: fc.string({ maxLength: 10 }),
      },
      { requiredKeys: [] },
    )
    .map((claims) => ({ signed: claims })),
);

async function tokenText(token: string | { signed: Record<string, unknown> }): Promise<string> {
  return typeof token === 'string' ? token : signHs256(token.signed, jwtSecret);
}

const jwtTarget = fc.constantFrom(
  ['GET', '/auth/v1/user'],
  ['PUT', '/auth/v1/user'],
  ['POST', '/auth/v1/logout'],
  ['GET', '/auth/v1/admin/users'],
  ['GET', '/auth/v1/admin/users/00000000-0000-4000-8000-000000000000'],
  ['POST', '/storage/v1/object/list/qr_images'],
  ['GET', '/storage/v1/object/authenticated/qr_images/a/b.png'],
  ['GET', '/storage/v1/object/sign/qr_images/a/b.png?token='],
  ['GET', '/storage/v1/bucket'],
  ['POST', '/functions/v1/create-checkout-session'],
  ['POST', '/functions/v1/translate-guide'],
  ['GET', '/rest/v1/properties?select=id'],
  ['POST', '/rest/v1/rpc/record_scan'],
);

// ---------------------------------------------------------------------------------------------------------------

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
