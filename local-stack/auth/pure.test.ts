import { describe, expect, it } from 'vitest';
import { AuthError, errorBody, requestedApiVersion, weakPassword } from './errors.ts';
import { recoveryEmail } from './mail-templates.ts';
import { hashPassword, passwordMatches, passwordStrengthError } from './passwords.ts';
import { goQueryEscape, goValuesEncode } from './request.ts';
import { accessTokenClaims, newOtp, newRefreshToken, pkceMatches, tokenHash } from './tokens.ts';
import { mergeMetadata, userJson, type UserRow } from './users.ts';
import { chooseRedirect, globToRegExp, isRedirectUrlValid, normalizeEmail } from './validation.ts';

describe('error bodies', () => {
  it('uses the string code with API version 2024-01-01 and the status without it, always with error_code, msg and message', () => {
    const error = new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    expect(errorBody(error, '2024-01-01')).toEqual({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
      message: 'Invalid login credentials',
    });
    expect(errorBody(error, null)).toMatchObject({ code: 400, error_code: 'invalid_credentials' });
  });

  it('puts the weak_password reasons at the top level', () => {
    expect(errorBody(weakPassword('Password should be at least 6 characters.', ['length']), '2024-01-01')).toMatchObject({
      code: 'weak_password',
      weak_password: { reasons: ['length'] },
    });
  });

  it('maps the version header like GoTrue: any date from 2024-01-01 on, nothing for older or malformed values', () => {
    expect(requestedApiVersion('2024-01-01')).toBe('2024-01-01');
    expect(requestedApiVersion('2025-06-30')).toBe('2024-01-01');
    expect(requestedApiVersion('2023-12-31')).toBeNull();
    expect(requestedApiVersion('yesterday')).toBeNull();
    expect(requestedApiVersion(undefined)).toBeNull();
  });
});

describe('passwords', () => {
  it('needs at least the minimum length and at most 72 bytes', () => {
    expect(passwordStrengthError('12345', 6)).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 6 characters.' });
    expect(passwordStrengthError('123456', 6)).toBeNull();
    expect(passwordStrengthError('x'.repeat(73), 6)).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('stores $2a$ bcrypt hashes of cost 10 that verify', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$2a\$10\$/);
    expect(await passwordMatches('correct horse', hash)).toBe(true);
    expect(await passwordMatches('wrong horse', hash)).toBe(false);
    expect(await passwordMatches('anything', null)).toBe(false);
    expect(await passwordMatches('anything', 'not-a-hash')).toBe(false);
  });
});

describe('email validation', () => {
  it('lower-cases valid addresses and rejects bad ones with GoTrue messages', () => {
    expect(normalizeEmail('Host@Example.COM')).toEqual({ email: 'host@example.com' });
    expect(normalizeEmail('not-an-email')).toMatchObject({ error: { code: 'validation_failed', message: 'Unable to validate email address: invalid format' } });
    expect(normalizeEmail('')).toMatchObject({ error: { message: 'An email address is required' } });
    expect(normalizeEmail(`${'a'.repeat(250)}@b.com`)).toMatchObject({ error: { message: 'An email address is too long' } });
  });
});

describe('redirect allow-list', () => {
  const policy = { siteUrl: 'http://localhost:5173', allowList: ['https://roomguide.app/**', 'https://*.roomguide.app/reset', 'myapp://callback'] };

  it('accepts the site with any path, loopback IPs, and allow-list globs', () => {
    expect(isRedirectUrlValid(policy, 'http://localhost:5173/reset-password')).toBe(true);
    expect(isRedirectUrlValid(policy, 'http://localhost:4000/')).toBe(true);
    expect(isRedirectUrlValid(policy, 'http://127.0.0.1:9999/reset-password')).toBe(true);
    expect(isRedirectUrlValid(policy, 'https://roomguide.app/a/b?x=1')).toBe(true);
    expect(isRedirectUrlValid(policy, 'https://eu.roomguide.app/reset')).toBe(true);
    expect(isRedirectUrlValid(policy, 'myapp://callback')).toBe(true);
  });

  it('rejects other hosts, deeper subdomains for a single *, and decimal IPs', () => {
    expect(isRedirectUrlValid(policy, 'https://evil.example/')).toBe(false);
    expect(isRedirectUrlValid(policy, 'https://a.b.roomguide.app/reset')).toBe(false);
    expect(isRedirectUrlValid(policy, 'http://2130706433/')).toBe(false);
    expect(isRedirectUrlValid(policy, 'http://10.0.0.1/')).toBe(false);
    expect(isRedirectUrlValid(policy, '')).toBe(false);
  });

  it('falls back to the Referer and then the site URL', () => {
    expect(chooseRedirect(policy, 'https://evil.example/', 'https://roomguide.app/x')).toBe('https://roomguide.app/x');
    expect(chooseRedirect(policy, 'https://evil.example/', undefined)).toBe('http://localhost:5173');
  });

  it('compiles gobwas globs with . and / as separators', () => {
    expect(globToRegExp('http://a/*').test('http://a/b')).toBe(true);
    expect(globToRegExp('http://a/*').test('http://a/b/c')).toBe(false);
    expect(globToRegExp('http://a/**').test('http://a/b/c')).toBe(true);
    expect(globToRegExp('http://{a,b}.com').test('http://b.com')).toBe(true);
  });
});

describe('tokens', () => {
  it('builds GoTrue claims in order, aud a plain string, exp one hour after iat', () => {
    const claims = accessTokenClaims({
      issuer: 'http://127.0.0.1:54321/auth/v1',
      userId: '11111111-1111-4111-8111-111111111111',
      audience: 'authenticated',
      role: 'authenticated',
      email: 'a@b.c',
      phone: '',
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata: {},
      sessionId: '22222222-2222-4222-8222-222222222222',
      amr: [{ method: 'password', timestamp: 1000 }],
      isAnonymous: false,
      issuedAt: 1000,
    });
    expect(Object.keys(claims)).toEqual([
      'iss',
      'sub',
      'aud',
      'exp',
      'iat',
      'email',
      'phone',
      'app_metadata',
      'user_metadata',
      'role',
      'aal',
      'amr',
      'session_id',
      'is_anonymous',
    ]);
    expect(claims.exp).toBe(4600);
    expect(claims.aud).toBe('authenticated');
    // Signing and verifying (jose) is covered by tests/stack/auth-*.test.ts: this project runs in jsdom,
    // where jose resolves to its browser build.
  });

  it('makes 12-character alphanumeric refresh tokens, 6-digit codes and SHA-224 token hashes', () => {
    expect(newRefreshToken()).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(newOtp()).toMatch(/^\d{6}$/);
    expect(tokenHash('a@b.c', '123456')).toMatch(/^[0-9a-f]{56}$/);
    expect(tokenHash('a@b.c', '123456')).toBe(tokenHash('a@b.c', '123456'));
  });

  it('checks PKCE s256 and plain challenges', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(pkceMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 's256')).toBe(true);
    expect(pkceMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cX', 's256')).toBe(false);
    expect(pkceMatches('abc', 'abc', 'plain')).toBe(true);
  });
});

describe('Go URL encoding', () => {
  it('escapes like url.QueryEscape and sorts keys like url.Values.Encode', () => {
    expect(goQueryEscape("a b!'()*~")).toBe('a+b%21%27%28%29%2A~');
    expect(goValuesEncode({ type: 'recovery', access_token: 'x', error_description: 'Email link is invalid' })).toBe(
      'access_token=x&error_description=Email+link+is+invalid&type=recovery',
    );
  });
});

describe('user JSON', () => {
  const row: UserRow = {
    id: 'u1',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'a@b.c',
    encrypted_password: 'x',
    email_confirmed_at: new Date('2026-01-01T00:00:00Z'),
    invited_at: null,
    confirmation_token: '',
    confirmation_sent_at: null,
    recovery_token: '',
    recovery_sent_at: null,
    email_change: '',
    email_change_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: null,
    created_at: new Date('2026-01-01T00:00:00Z'),
    updated_at: new Date('2026-01-01T00:00:00Z'),
    phone: null,
    phone_confirmed_at: null,
    confirmed_at: new Date('2026-01-01T00:00:00Z'),
    banned_until: null,
    deleted_at: null,
    is_anonymous: false,
  };

  it('omits empty optional fields, never exposes the hash, and has phone "" and identities []', () => {
    const json = userJson(row, []);
    expect(json).not.toHaveProperty('encrypted_password');
    expect(json).not.toHaveProperty('recovery_sent_at');
    expect(json).not.toHaveProperty('new_email');
    expect(json).toMatchObject({ phone: '', identities: [], user_metadata: {}, is_anonymous: false, email_confirmed_at: '2026-01-01T00:00:00.000Z' });
  });

  it('merges metadata with null deleting a key', () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: null, c: 3 })).toEqual({ a: 1, c: 3 });
  });
});

describe('recovery email', () => {
  it('is friendly, carries the link in both parts and says what to do if you did not ask', () => {
    const email = recoveryEmail({ email: 'host@example.com', confirmationUrl: 'http://x/verify?token=t&type=recovery', expiresInMinutes: 60 });
    expect(email.subject).toBe('Reset your RoomGuide password');
    expect(email.html).toContain('href="http://x/verify?token=t&amp;type=recovery"');
    expect(email.text).toContain('http://x/verify?token=t&type=recovery');
    expect(email.text).toMatch(/Did not ask for this\?/);
  });
});
