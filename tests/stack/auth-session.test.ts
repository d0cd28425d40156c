/**
 * Auth contract (docs/supabase-http-api.md §A.3–A.4): refresh-token rotation with GoTrue's reuse rules, sign-out scopes,
 * Bearer checks, error shapes with and without the API-version header.
 */
import { AuthApiError, AuthSessionMissingError } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { anonClient, anonKey, apiUrl, sql } from './support.ts';

const password = 'correct-horse-1';

function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

async function authFetch(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
  return fetch(`${apiUrl()}/auth/v1${path}`, {
    method: init.method ?? 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01', ...init.headers },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
}

async function newUser(label: string): Promise<{ email: string; accessToken: string; refreshToken: string; userId: string }> {
  const email = uniqueEmail(label);
  const response = await authFetch('/signup', { body: { email, password } });
  const session = (await response.json()) as { access_token: string; refresh_token: string; user: { id: string } };
  return { email, accessToken: session.access_token, refreshToken: session.refresh_token, userId: session.user.id };
}

async function refresh(refreshToken: string): Promise<Response> {
  return authFetch('/token?grant_type=refresh_token', { body: { refresh_token: refreshToken } });
}

describe('refresh tokens', () => {
  it('rotate: each refresh returns a new single-use token whose parent is the old one', async () => {
    const user = await newUser('rotate');
    const client = anonClient();
    const { data, error } = await client.auth.refreshSession({ refresh_token: user.refreshToken });
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(user.refreshToken);
    // Same session: the new access token names the session the first one did.
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(user.accessToken).session_id);
    expect(data.user!.id).toBe(user.userId);
    const rows = await sql<{ token: string; parent: string | null; revoked: boolean }>(
      'select token, parent, revoked from auth.refresh_tokens where user_id = $1 order by id',
      [user.userId],
    );
    expect(rows).toEqual([
      { token: user.refreshToken, parent: null, revoked: true },
      { token: data.session!.refresh_token, parent: user.refreshToken, revoked: false },
    ]);
  });

  it('hand back the current token when the previous one is replayed (a client that lost the answer), as GoTrue does', async () => {
    const user = await newUser('replay');
    const first = (await (await refresh(user.refreshToken)).json()) as { refresh_token: string };
    const replay = await refresh(user.refreshToken);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { refresh_token: string }).refresh_token).toBe(first.refresh_token);
  });

  it('reject an old token reused after the 10 s reuse interval with refresh_token_already_used and revoke the session', async () => {
    const user = await newUser('reuse');
    const second = (await (await refresh(user.refreshToken)).json()) as { refresh_token: string };
    const third = (await (await refresh(second.refresh_token)).json()) as { refresh_token: string };
    // Age the rotated token past refresh_token_reuse_interval instead of sleeping.
    await sql(`update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`, [user.refreshToken]);

    const { data, error } = await anonClient().auth.refreshSession({ refresh_token: user.refreshToken });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    const live = await sql('select token from auth.refresh_tokens where user_id = $1 and revoked = false', [user.userId]);
    expect(live).toEqual([]);
    expect(third.refresh_token).toMatch(/^[A-Za-z0-9]{12}$/);
  });

  it('answer an unknown token with 400 refresh_token_not_found and a missing one with an OAuth error', async () => {
    const unknown = await refresh('nosuchtoken1');
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get('x-sb-error-code')).toBe('refresh_token_not_found');
    expect(await unknown.json()).toMatchObject({ code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' });
    const missing = await authFetch('/token?grant_type=refresh_token', { body: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' });
  });
});

describe('sign-out', () => {
  it('signOut() ends every session: refresh fails and the old access token gets 403 session_not_found', async () => {
    const email = uniqueEmail('signout');
    const client = anonClient();
    const { data } = await client.auth.signUp({ email, password });
    const other = await anonClient().auth.signInWithPassword({ email, password });
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();

    for (const session of [data.session!, other.data.session!]) {
      const refreshed = await refresh(session.refresh_token);
      expect(refreshed.status).toBe(400);
      expect(((await refreshed.json()) as { code: string }).code).toBe('refresh_token_not_found');
      const user = await authFetch('/user', { method: 'GET', headers: { Authorization: `Bearer ${session.access_token}` } });
      expect(user.status).toBe(403);
      expect(await user.json()).toMatchObject({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });
    }
    // supabase-js turns session_not_found into AuthSessionMissingError.
    const stale = anonClient();
    const { error: getUserError } = await stale.auth.getUser(data.session!.access_token);
    expect(getUserError).toBeInstanceOf(AuthSessionMissingError);
  });

  it('scope local ends only this session, scope others every other one; both answer 204', async () => {
    const email = uniqueEmail('scopes');
    const a = (await (await authFetch('/signup', { body: { email, password } })).json()) as { access_token: string; refresh_token: string };
    const signIn = async (): Promise<{ access_token: string; refresh_token: string }> =>
      (await (await authFetch('/token?grant_type=password', { body: { email, password } })).json()) as { access_token: string; refresh_token: string };
    const b = await signIn();
    const c = await signIn();

    const local = await authFetch('/logout?scope=local', { headers: { Authorization: `Bearer ${a.access_token}` } });
    expect(local.status).toBe(204);
    expect(await local.text()).toBe('');
    expect((await refresh(a.refresh_token)).status).toBe(400);
    expect((await refresh(b.refresh_token)).status).toBe(200);

    const others = await authFetch('/logout?scope=others', { headers: { Authorization: `Bearer ${c.access_token}` } });
    expect(others.status).toBe(204);
    expect((await authFetch('/user', { method: 'GET', headers: { Authorization: `Bearer ${c.access_token}` } })).status).toBe(200);
    expect((await authFetch('/user', { method: 'GET', headers: { Authorization: `Bearer ${b.access_token}` } })).status).toBe(403);

    const badScope = await authFetch('/logout?scope=everyone', { headers: { Authorization: `Bearer ${c.access_token}` } });
    expect(badScope.status).toBe(400);
    expect(await badScope.json()).toMatchObject({ code: 'validation_failed', message: 'Unsupported logout scope "everyone"' });
  });
});

describe('Bearer checks and error shapes', () => {
  it('401 no_authorization without a token, 403 bad_jwt for a forged one', async () => {
    const none = await authFetch('/user', { method: 'GET' });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
    const user = await newUser('forged');
    const [header, payload] = user.accessToken.split('.');
    const forged = await authFetch('/user', { method: 'GET', headers: { Authorization: `Bearer ${header}.${payload}.c2lnbmF0dXJl` } });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('bad_jwt');
    const anon = await authFetch('/user', { method: 'GET', headers: { Authorization: `Bearer ${anonKey}` } });
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
  });

  it('echoes X-Supabase-Api-Version and sends code, error_code, msg and message; the legacy form has the status as code', async () => {
    const versioned = await authFetch('/token?grant_type=password', { body: { email: uniqueEmail('x'), password } });
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await versioned.json()).toEqual({
      code: 'invalid_credentials',
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
      message: 'Invalid login credentials',
    });
    const legacy = await fetch(`${apiUrl()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('x'), password }),
    });
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(legacy.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await legacy.json()).toMatchObject({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('answers a body that is not JSON with 400 bad_json', async () => {
    const response = await authFetch('/signup', { body: '{"email": ' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('bad_json');
    expect(body.message).toMatch(/^Could not parse request body as JSON: /);
  });

  it('serves /health and /settings', async () => {
    const health = await authFetch('/health', { method: 'GET' });
    expect(await health.json()).toMatchObject({ name: 'GoTrue' });
    const settings = await authFetch('/settings', { method: 'GET' });
    expect(await settings.json()).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, external: { email: true, phone: false } });
  });
});
