/** The generators of the request-parsing fuzz test: odd paths, queries, headers, bodies and tokens, and where each goes. */
import fc from 'fast-check';
import { anonKey, jwtSecret } from '../../local-stack/config.ts';
import { signHs256 } from '../../local-stack/jwt.ts';

export const segment = fc.oneof(
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
export const apiPrefix = fc.constantFrom(
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
export const queryPart = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.stringMatching(/^[A-Za-z_[\]%0-9.]{0,12}$/), fc.stringMatching(/^[A-Za-z0-9%+=&._[\]-]{0,20}$/)), { maxLength: 5 })
    .map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  fc.constantFrom('?', '?&&', '?=', '?%', '?a=%zz', '?__proto__[role]=x', `?apikey=${anonKey}`, '?redirect_to=javascript:alert(1)', '?token=a.b.c'),
);
export const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS');

/** Header values node:http will send (visible ASCII and spaces). */
export const headerValue = fc.oneof(fc.stringMatching(/^[\x20-\x7e]{0,60}$/), fc.constantFrom('', ' ', 'Bearer', 'Bearer ', 'bearer a.b.c', 'Basic eA=='));

export const anyJson = fc.oneof(
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
export const jsonTarget = fc.constantFrom(
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
export const formBody = fc
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

export const stripeTarget = fc.constantFrom(
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
export const multipartBody = fc
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

export const multipartTarget = fc.constantFrom(
  ['POST', '/storage/v1/object/qr_images/00000000-0000-4000-8000-000000000000/fuzz.png'],
  ['PUT', '/storage/v1/object/qr_images/00000000-0000-4000-8000-000000000000/fuzz.png'],
  ['POST', '/form-sink/f/contact'],
);

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** JWTs: garbage, wrong shapes, `alg: none`, and tokens signed with the stack's secret carrying odd claims. */
export const jwt = fc.oneof(
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

export async function tokenText(token: string | { signed: Record<string, unknown> }): Promise<string> {
  return typeof token === 'string' ? token : signHs256(token.signed, jwtSecret);
}

export const jwtTarget = fc.constantFrom(
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
