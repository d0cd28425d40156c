/**
 * Prototype pollution: Auth, Storage, the Stripe stand-in and the form sink share one Node process, so a parser
 * that writes `__proto__[role]` into `Object.prototype` changes every service at once. The probe found that
 * `POST /stripe/anything` with `__proto__[role]=service_role` (a form any web page can post) made every token
 * without a `role` claim act as service_role. Each service gets `__proto__`, `constructor` and `prototype` keys in
 * every body and query format it takes; none may answer 5xx, and afterwards a role-less token is still nobody.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { anonKey, jwtSecret } from '../../local-stack/config.ts';
import { signHs256 } from '../../local-stack/jwt.ts';
import { localStripeSecretKey } from '../../local-stack/stripe/config.ts';
import { signedInClient } from '../e2e/support/api.ts';

interface Attack {
  name: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | FormData;
}

const role = 'service_role';
const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const pollutingJson = [
  `{"__proto__":{"role":"${role}","isAdmin":true}}`,
  `{"constructor":{"prototype":{"role":"${role}"}}}`,
  `{"prototype":{"role":"${role}"},"data":{"__proto__":{"role":"${role}"}},"options":{"__proto__":{"role":"${role}"}}}`,
];
const pollutingForm = [`__proto__[role]=${role}`, `constructor[prototype][role]=${role}`, `a[__proto__][role]=${role}`, `prototype[role]=${role}`];
const pollutingQuery = pollutingForm.join('&');

function multipart(fields: Record<string, string>, file?: { field: string; name: string }): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file) data.append(file.field, new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), file.name);
  return data;
}

/** Every body and query format each in-process service takes, with the polluting keys in it. */
function attacks(userToken: string, userId: string): Attack[] {
  const asUser = { apikey: anonKey, authorization: `Bearer ${userToken}` };
  const list: Attack[] = [
    // The Stripe stand-in: form bodies (API and hosted pages) and query strings.
    ...pollutingForm.map((body) => ({ name: `Stripe form ${body}`, path: '/stripe/anything', method: 'POST', headers: form, body })),
    ...pollutingForm.map((body) => ({ name: `Stripe API form ${body}`, path: '/stripe/v1/customers', method: 'POST', headers: form, body })),
    { name: 'Stripe API query', path: `/stripe/v1/prices?${pollutingQuery}` },
    { name: 'Stripe DELETE query', path: `/stripe/v1/subscriptions/sub_x?${pollutingQuery}`, method: 'DELETE' },
    { name: 'Stripe hosted page query', path: `/stripe/checkout/cs_x?${pollutingQuery}` },
    // Auth: JSON bodies, query strings.
    ...pollutingJson.map((body) => ({ name: `Auth signup ${body}`, path: '/auth/v1/signup', method: 'POST', headers: { ...json, apikey: anonKey }, body })),
    ...pollutingJson.map((body) => ({
      name: `Auth token ${body}`,
      path: `/auth/v1/token?grant_type=password&${pollutingQuery}`,
      method: 'POST',
      headers: { ...json, apikey: anonKey },
      body,
    })),
    ...pollutingJson.map((body) => ({ name: `Auth user update ${body}`, path: '/auth/v1/user', method: 'PUT', headers: { ...json, ...asUser }, body })),
    { name: 'Auth user update data', path: '/auth/v1/user', method: 'PUT', headers: { ...json, ...asUser }, body: `{"data":{"__proto__":{"role":"${role}"}}}` },
    ...pollutingJson.map((body) => ({
      name: `Auth recover ${body}`,
      path: `/auth/v1/recover?${pollutingQuery}`,
      method: 'POST',
      headers: { ...json, apikey: anonKey },
      body,
    })),
    { name: 'Auth verify query', path: `/auth/v1/verify?type=recovery&token=x&${pollutingQuery}`, headers: { apikey: anonKey } },
    { name: 'Auth settings query', path: `/auth/v1/settings?${pollutingQuery}`, headers: { apikey: anonKey } },
    // Storage: JSON bodies, multipart uploads with metadata, the x-metadata header, query strings.
    ...pollutingJson.map((body) => ({
      name: `Storage list ${body}`,
      path: '/storage/v1/object/list/qr_images',
      method: 'POST',
      headers: { ...json, ...asUser },
      body,
    })),
    ...pollutingJson.map((body) => ({
      name: `Storage sign ${body}`,
      path: '/storage/v1/object/sign/qr_images',
      method: 'POST',
      headers: { ...json, ...asUser },
      body,
    })),
    ...pollutingJson.map((body) => ({ name: `Storage move ${body}`, path: '/storage/v1/object/move', method: 'POST', headers: { ...json, ...asUser }, body })),
    ...pollutingJson.map((body) => ({
      name: `Storage remove ${body}`,
      path: '/storage/v1/object/qr_images',
      method: 'DELETE',
      headers: { ...json, ...asUser },
      body,
    })),
    ...pollutingJson.map((metadata, index) => ({
      name: `Storage upload metadata ${metadata}`,
      path: `/storage/v1/object/qr_images/${userId}/pollution-${index}.png`,
      method: 'POST',
      headers: asUser,
      body: multipart({ cacheControl: '3600', metadata, ['__proto__']: metadata }, { field: '', name: 'pollution.png' }),
    })),
    ...pollutingJson.map((metadata, index) => ({
      name: `Storage upload x-metadata ${metadata}`,
      path: `/storage/v1/object/qr_images/${userId}/header-${index}.png`,
      method: 'POST',
      headers: { ...asUser, 'content-type': 'image/png', 'x-metadata': Buffer.from(metadata).toString('base64') },
      body: 'png',
    })),
    { name: 'Storage download query', path: `/storage/v1/object/authenticated/qr_images/${userId}/x.png?${pollutingQuery}`, headers: asUser },
    { name: 'Storage signed URL query', path: `/storage/v1/object/sign/qr_images/x.png?token=x&${pollutingQuery}` },
    // The contact form sink: JSON, urlencoded and multipart.
    ...pollutingJson.map((body) => ({ name: `Form sink JSON ${body}`, path: '/form-sink/f/contact', method: 'POST', headers: json, body })),
    ...pollutingForm.map((body) => ({ name: `Form sink form ${body}`, path: '/form-sink/f/contact', method: 'POST', headers: form, body })),
    {
      name: 'Form sink multipart',
      path: '/form-sink/f/contact',
      method: 'POST',
      body: multipart({ ['__proto__']: role, 'constructor[prototype][role]': role, 'prototype[role]': role }),
    },
    // The gateway's own query handling, and the Edge Functions behind it.
    { name: 'REST query', path: `/rest/v1/properties?${pollutingQuery}&apikey=${anonKey}` },
    ...pollutingJson.map((body) => ({ name: `Functions JSON ${body}`, path: '/functions/v1/stripe-webhook', method: 'POST', headers: json, body })),
  ];
  return list;
}

/** A validly signed token that carries no `role` claim (Storage's signed-URL tokens are like this). */
async function rolelessToken(): Promise<string> {
  return signHs256({ sub: randomUUID(), aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, jwtSecret);
}

async function adminUsersStatus(token: string): Promise<number> {
  const response = await fetch(`${inject('apiUrl')}/auth/v1/admin/users`, { headers: { apikey: anonKey, authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  return response.status;
}

async function listedNames(token: string, prefix: string): Promise<string[]> {
  const response = await fetch(`${inject('apiUrl')}/storage/v1/object/list/qr_images`, {
    method: 'POST',
    headers: { ...json, apikey: anonKey, authorization: `Bearer ${token}` },
    body: JSON.stringify({ prefix }),
  });
  const body = (await response.json()) as unknown;
  return Array.isArray(body) ? body.map((entry) => (entry as { name: string }).name) : [];
}

describe('prototype pollution through request parsing', () => {
  let user: Awaited<ReturnType<typeof signedInClient>>;
  let userToken: string;

  beforeAll(async () => {
    user = await signedInClient();
    const { data } = await user.client.auth.getSession();
    userToken = data.session!.access_token;
    const upload = await user.client.storage
      .from('qr_images')
      .upload(`${user.userId}/own.png`, new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
    expect(upload.error).toBeNull();
    // Before any attack: a role-less token is not an admin and sees nobody's folder.
    expect(await adminUsersStatus(await rolelessToken())).toBe(403);
    expect(await listedNames(await rolelessToken(), user.userId)).toEqual([]);
  });

  it('no service answers 5xx to polluting keys in any body or query format', async () => {
    const failures: string[] = [];
    for (const attack of attacks(userToken, user.userId)) {
      const response = await fetch(`${inject('apiUrl')}${attack.path}`, { method: attack.method ?? 'GET', headers: attack.headers, body: attack.body });
      await response.arrayBuffer();
      if (response.status >= 500) failures.push(`${attack.name} → ${response.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('afterwards a token without a role claim is still refused by Auth admin and sees no one\u2019s files', async () => {
    expect(await adminUsersStatus(await rolelessToken())).toBe(403);
    expect(await listedNames(await rolelessToken(), user.userId)).toEqual([]);
    // The owner still sees their own file: the service itself kept working.
    expect(await listedNames(userToken, user.userId)).toContain('own.png');
  });

  it('the Stripe stand-in refuses polluting parameter names as Stripe refuses unknown parameters', async () => {
    const response = await fetch(`${inject('apiUrl')}/stripe/v1/customers`, {
      method: 'POST',
      headers: { ...form, authorization: `Bearer ${localStripeSecretKey}` },
      body: `email=a%40example.test&__proto__[role]=${role}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: expect.objectContaining({ type: 'invalid_request_error', code: 'parameter_unknown', param: '__proto__[role]' }) as unknown,
    });
  });
});
