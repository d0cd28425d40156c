/**
 * The gateway's own contract: the apikey requirement (Kong key-auth wording), CORS as the CLI's Kong answers
 * it, the JSON 404, and the routes Supabase leaves open.
 */
import { describe, expect, it } from 'vitest';
import { anonKey, apiUrl, createUser, serviceRoleKey } from './support.ts';

describe('gateway', () => {
  it.each(['/rest/v1/properties?select=*', '/auth/v1/user', '/storage/v1/bucket', '/functions/v1/create-checkout-session'])(
    'refuses %s without an apikey: 401 "No API key found in request"',
    async (path) => {
      const response = await fetch(`${apiUrl()}${path}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'No API key found in request' });
    },
  );

  it('refuses an unknown apikey: 401 "Invalid API key"', async () => {
    const response = await fetch(`${apiUrl()}/rest/v1/properties?select=*`, { headers: { apikey: 'not-a-key' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Invalid API key' });
  });

  it('accepts the key as ?apikey= and does not pass it on to PostgREST as a filter', async () => {
    const response = await fetch(`${apiUrl()}/rest/v1/prices?select=id&apikey=${anonKey}`);
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
  });

  it('accepts the service role key', async () => {
    const response = await fetch(`${apiUrl()}/rest/v1/properties?select=id&limit=1`, {
      headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` },
    });
    expect(response.status).toBe(200);
  });

  it('acts with the key’s role when only the apikey is sent (service role reads past RLS, anon does not)', async () => {
    const user = await createUser('key-only');
    const { data } = await user.client.from('properties').insert({ name: 'Key Only Inn' }).select('id').single();
    const id = (data as { id: string }).id;
    const asService = await fetch(`${apiUrl()}/rest/v1/properties?select=id&id=eq.${id}`, { headers: { apikey: serviceRoleKey } });
    expect(await asService.json()).toEqual([{ id }]);
    const asAnon = await fetch(`${apiUrl()}/rest/v1/properties?select=id&id=eq.${id}`, { headers: { apikey: anonKey } });
    expect(asAnon.status).toBe(401);
  });

  it('answers the CORS preflight as Kong does: any origin (*), the requested headers, Kong’s methods', async () => {
    const requested = 'authorization, apikey, x-client-info, content-type, prefer, content-profile, x-supabase-api-version, x-upsert';
    const response = await fetch(`${apiUrl()}/rest/v1/properties`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': requested },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toBe(requested);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS,TRACE,CONNECT');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('allows any origin with * (never its own Origin echoed) and exposes Content-Range and X-Supabase-Api-Version', async () => {
    const response = await fetch(`${apiUrl()}/rest/v1/prices?select=id`, {
      headers: { apikey: anonKey, Origin: 'https://any-site.example', Prefer: 'count=exact' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('vary') ?? '').not.toContain('Origin');
    const exposed = response.headers.get('access-control-expose-headers') ?? '';
    expect(exposed).toContain('Content-Range');
    expect(exposed).toContain('X-Supabase-Api-Version');
    expect(response.headers.get('content-range')).toMatch(/\/\d+$/);
  });

  it('keeps an idle connection a minute (Keep-Alive: timeout=60), so a client reusing it after a pause is not dropped', async () => {
    const response = await fetch(`${apiUrl()}/rest/v1/prices?select=id`, { headers: { apikey: anonKey } });
    expect(response.status).toBe(200);
    expect(response.headers.get('keep-alive')).toBe('timeout=60');
    await response.body?.cancel();
  });

  it('answers unknown paths with a JSON 404', async () => {
    const response = await fetch(`${apiUrl()}/nothing/here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'no Route matched with those values' });
  });

  it('leaves the email verify link open (no apikey in links from emails)', async () => {
    const response = await fetch(
      `${apiUrl()}/auth/v1/verify?token=unknown&type=recovery&redirect_to=${encodeURIComponent('http://127.0.0.1:5173/reset-password')}`,
      {
        redirect: 'manual',
      },
    );
    expect(response.status).not.toBe(401);
  });
});
