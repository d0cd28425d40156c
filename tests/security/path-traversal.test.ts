/**
 * Dot-segments and encoded traversal must not carry a request past the gateway's apikey check: Kong
 * normalises the path before it matches a route, so `/auth/v1/verify/../admin/users` is
 * `/auth/v1/admin/users` and needs a key. Each target is sent byte for byte (node:http, not fetch, which
 * would resolve the dots itself).
 */
import { describe, expect, inject, it } from 'vitest';
import { anonKey, serviceRoleKey } from '../../local-stack/config.ts';
import { rawRequest } from './raw-request.ts';

const noKey = { status: 401, body: { message: 'No API key found in request' } };

/** Each reaches a key-protected handler (admin users, bucket list, checkout) if the raw path were routed. */
const variants = [
  // The three the probe found.
  ['GET', '/auth/v1/verify/../admin/users'],
  ['GET', '/storage/v1/object/public/../../bucket'],
  ['POST', '/functions/v1/stripe-webhook/../create-checkout-session'],
  // Percent-encoded dots, in every case mix.
  ['GET', '/auth/v1/verify/%2e%2e/admin/users'],
  ['GET', '/auth/v1/verify/%2E%2E/admin/users'],
  ['GET', '/auth/v1/verify/.%2e/admin/users'],
  ['GET', '/auth/v1/verify/%2e./admin/users'],
  ['GET', '/storage/v1/object/public/%2e%2e/%2e%2e/bucket'],
  ['POST', '/functions/v1/stripe-webhook/%2e%2e/create-checkout-session'],
  // Encoded and double-encoded separators: a service that decodes once more would walk up.
  ['GET', '/auth/v1/verify%2f..%2fadmin/users'],
  ['GET', '/auth/v1/verify/..%2fadmin/users'],
  ['GET', '/auth/v1/verify/..%2Fadmin/users'],
  ['GET', '/auth/v1/verify/%2e%2e%2fadmin/users'],
  ['GET', '/auth/v1/verify/%252e%252e/admin/users'],
  ['GET', '/auth/v1/verify/..%5cadmin/users'],
  ['GET', '/storage/v1/object/public/..%2f..%2fbucket'],
  ['POST', '/functions/v1/stripe-webhook%2f..%2fcreate-checkout-session'],
  // Backslashes, single dots, doubled slashes, path parameters.
  ['GET', '/auth/v1/verify/..\\admin/users'],
  ['GET', '/auth/v1/verify\\..\\admin/users'],
  ['GET', '/auth/v1/verify/./../admin/users'],
  ['GET', '/auth/v1/verify//..//admin/users'],
  ['GET', '//auth/v1/verify/../admin/users'],
  ['GET', '/auth/v1/verify;x=1/../admin/users'],
  ['GET', '/auth/v1/verify/../admin/users?redirect_to=/verify'],
  // From one open prefix into another service.
  ['GET', '/storage/v1/object/public/../../../../auth/v1/admin/users'],
  ['GET', '/auth/v1/verify/../../../rest/v1/properties'],
  ['POST', '/functions/v1/health/../../../rest/v1/rpc/record_scan'],
] as const;

describe('path traversal past the apikey check', () => {
  it.each(variants)('%s %s answers 401 "No API key found in request"', async (method, target) => {
    const answer = await rawRequest(inject('apiUrl'), target, { method, headers: { 'content-type': 'application/json' } });
    expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual(noKey);
  });

  it('normalises an absolute-form request target the same way', async () => {
    const api = new URL(inject('apiUrl'));
    const answer = await rawRequest(inject('apiUrl'), `http://${api.host}/auth/v1/verify/../admin/users`);
    expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual(noKey);
  });

  it('serves the normalised path, the one that was checked: with the service key it is the admin list', async () => {
    const answer = await rawRequest(inject('apiUrl'), '/auth/v1/verify/%2e%2e/admin/users', {
      headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('users');
  });

  it('refuses encoded separators even with a key, instead of handing them to a service', async () => {
    const answer = await rawRequest(inject('apiUrl'), '/storage/v1/object/public/qr_images%2f..%2f..%2fbucket', { headers: { apikey: anonKey } });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Encoded path separators are not allowed' });
  });

  it('keeps the open routes open when they are what the normalised path names', async () => {
    const verify = await rawRequest(inject('apiUrl'), '/auth/v1/admin/../verify?token=unknown&type=recovery&redirect_to=http://127.0.0.1:5173/');
    expect(verify.status).toBe(303);
  });
});
