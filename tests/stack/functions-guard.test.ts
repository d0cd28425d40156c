/** The verify_jwt config reader and guard the gateway uses for /functions/v1 (node environment: jose needs Node's crypto realm). */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { anonKey, jwtSecret } from '../../local-stack/config.ts';
import { guardFunctionRequest } from '../../local-stack/functions/config.ts';
import { functionSettings, parseSupabaseConfig } from '../../local-stack/supabase-config.ts';

const parseFunctionSettings = (text: string) => functionSettings(parseSupabaseConfig(text));

const toml = `
[api]
port = 54321

[functions.stripe-webhook]
verify_jwt = false   # Stripe signs instead

[functions."create-checkout-session"]
enabled = true
verify_jwt = true

[functions.retired]
enabled = false

[auth]
verify_jwt = false
`;

describe('supabase/config.toml function settings', () => {
  it('reads verify_jwt and enabled per function, defaulting to true', () => {
    const settings = parseFunctionSettings(toml);
    expect(Object.fromEntries(settings)).toEqual({
      'stripe-webhook': { verifyJwt: false, enabled: true },
      'create-checkout-session': { verifyJwt: true, enabled: true },
      retired: { verifyJwt: true, enabled: false },
    });
  });
});

describe('the functions gateway guard (CLI main router rules)', () => {
  const settings = parseFunctionSettings(toml);
  const guard = (name: string, authorization: string | undefined, method = 'POST', exists = true) =>
    guardFunctionRequest({ name, method, authorization, settings, exists, jwtSecret });

  it('404s a missing or disabled function', async () => {
    expect(await guard('nope', `Bearer ${anonKey}`, 'POST', false)).toEqual({ ok: false, status: 404, body: 'Function not found' });
    expect(await guard('retired', `Bearer ${anonKey}`)).toEqual({ ok: false, status: 404, body: 'Function not found' });
  });

  it('401s a verify_jwt function without Authorization', async () => {
    expect(await guard('create-checkout-session', undefined)).toEqual({
      ok: false,
      status: 401,
      body: { msg: 'Error: Missing authorization header' },
    });
  });

  it('401s a token with a bad signature, an expired token, a non-Bearer header and an empty token', async () => {
    const invalid = { ok: false, status: 401, body: { msg: 'Invalid JWT' } };
    const otherSecret = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(40)));
    const expired = await new SignJWT({ role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(jwtSecret));
    expect(await guard('create-checkout-session', `Bearer ${otherSecret}`)).toEqual(invalid);
    expect(await guard('create-checkout-session', `Bearer ${expired}`)).toEqual(invalid);
    expect(await guard('create-checkout-session', anonKey)).toEqual({
      ok: false,
      status: 401,
      body: { msg: "Error: Auth header is not 'Bearer {token}'" },
    });
    expect(await guard('create-checkout-session', 'Bearer ')).toEqual(invalid);
  });

  it('lets a valid token, a verify_jwt = false function and any preflight through', async () => {
    expect(await guard('create-checkout-session', `Bearer ${anonKey}`)).toEqual({ ok: true });
    expect(await guard('stripe-webhook', undefined)).toEqual({ ok: true });
    expect(await guard('create-checkout-session', undefined, 'OPTIONS')).toEqual({ ok: true });
  });
});
