/**
 * Edge Functions through the gateway (docs/supabase-http-api.md §D): the Deno runtime answers, unknown names are 404,
 * and functions with verify_jwt (the default; create-checkout-session in supabase/config.toml) refuse
 * calls without a valid JWT before the function runs.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, anonKey, apiUrl } from './support.ts';

describe('Edge Functions through the gateway', () => {
  it('runs the health function in Deno: 200 { ok: true }', async () => {
    const { data, error } = await anonClient().functions.invoke('health', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true });
  });

  it('answers an unknown function with 404 "Function not found" (text/plain, as the CLI router)', async () => {
    const response = await fetch(`${apiUrl()}/functions/v1/no-such-function`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toBe('Function not found');

    const { error } = await anonClient().functions.invoke('no-such-function');
    expect((error as { context?: Response } | null)?.context?.status).toBe(404);
  });

  it('refuses a verify_jwt function without Authorization: 401 "Error: Missing authorization header"', async () => {
    const response = await fetch(`${apiUrl()}/functions/v1/create-checkout-session`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ priceId: 'price_x', quantity: 1 }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: 'Error: Missing authorization header' });
  });

  it('refuses a verify_jwt function with a forged token: 401 "Invalid JWT"', async () => {
    const forged = `${anonKey.split('.').slice(0, 2).join('.')}.forged-signature`;
    const response = await fetch(`${apiUrl()}/functions/v1/create-checkout-session`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${forged}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ msg: 'Invalid JWT' });
  });

  it('lets the CORS preflight through to a verify_jwt function without a token', async () => {
    const response = await fetch(`${apiUrl()}/functions/v1/create-checkout-session`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, content-type, x-client-info',
      },
    });
    expect([200, 204]).toContain(response.status);
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});
