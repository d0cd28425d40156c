/**
 * Auth contract (docs/supabase-http-api.md §A.2–A.4, A.6): sign-up, sign-in, the user endpoint and the access token, through
 * the gateway with supabase-js 2.119.1 and raw fetch where the exact shapes matter.
 */
import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { decodeJwt, decodeProtectedHeader } from 'jose';
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

describe('sign-up', () => {
  it('returns a session at once (autoconfirm) and the auth.users trigger creates the public.users row', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await anonClient().auth.signUp({ email, password, options: { data: { display_name: 'Ana' } } });
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(data.session!.refresh_token).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(data.session!.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { display_name: 'Ana', email_verified: true },
      is_anonymous: false,
    });
    expect(data.user!.email_confirmed_at).toBeTruthy();
    expect(data.user!.last_sign_in_at).toBeTruthy();
    expect(data.user!.identities).toEqual([
      expect.objectContaining({
        id: data.user!.id,
        user_id: data.user!.id,
        provider: 'email',
        identity_data: expect.objectContaining({ email, sub: data.user!.id }),
      }),
    ]);

    const [row] = await sql<{ email: string; plan: string | null; qr_code_limit: number }>(
      'select u.email, u.plan, u.qr_code_limit from public.users u where u.id = $1',
      [data.user!.id],
    );
    expect(row).toEqual({ email, plan: null, qr_code_limit: 0 });
    const [auth] = await sql<{ encrypted_password: string }>('select encrypted_password from auth.users where id = $1', [data.user!.id]);
    expect(auth!.encrypted_password).toMatch(/^\$2a\$10\$/);
  });

  it('stores the address in lower case', async () => {
    const email = uniqueEmail('Mixed').replace('mixed', 'MiXeD');
    const { data } = await anonClient().auth.signUp({ email, password });
    expect(data.user!.email).toBe(email.toLowerCase());
  });

  it('refuses a registered address with 422 user_already_exists', async () => {
    const email = uniqueEmail('dup');
    await anonClient().auth.signUp({ email, password });
    const { data, error } = await anonClient().auth.signUp({ email: email.toUpperCase(), password: 'another-pass-2' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a short password with AuthWeakPasswordError and its reasons', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'], message: 'Password should be at least 6 characters.' });
  });

  it('refuses a malformed email and a missing password with 400 validation_failed', async () => {
    const bad = await anonClient().auth.signUp({ email: 'not-an-email', password });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
    const response = await authFetch('/signup', { body: { email: uniqueEmail('nopass') } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', message: 'Signup requires a valid password' });
  });

  it('answers a trigger failure with 500 unexpected_failure "Database error saving new user"', async () => {
    const email = uniqueEmail('trigger');
    // An auth.users trigger that fails for this one address, as a broken migration's trigger would.
    await sql(`create or replace function public.auth_contract_fail() returns trigger language plpgsql as $$
      begin if new.email = '${email}' then raise exception 'boom'; end if; return new; end $$`);
    await sql('create trigger auth_contract_fail before insert on auth.users for each row execute function public.auth_contract_fail()');
    try {
      const response = await authFetch('/signup', { body: { email, password } });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ code: 'unexpected_failure', message: 'Database error saving new user' });
      expect(await sql('select 1 from auth.users where email = $1', [email])).toEqual([]);
    } finally {
      await sql('drop trigger auth_contract_fail on auth.users');
      await sql('drop function public.auth_contract_fail()');
    }
  });
});

describe('sign-in with a password', () => {
  it('returns a session and updates last_sign_in_at', async () => {
    const email = uniqueEmail('signin');
    const signup = await anonClient().auth.signUp({ email, password });
    await sql(`update auth.users set last_sign_in_at = now() - interval '1 day' where id = $1`, [signup.data.user!.id]);
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.session!.access_token).not.toBe(signup.data.session!.access_token);
    expect(data.user!.id).toBe(signup.data.user!.id);
    expect(Date.parse(data.user!.last_sign_in_at!)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('gives the same 400 invalid_credentials for a wrong password and an unknown email', async () => {
    const email = uniqueEmail('wrong');
    await anonClient().auth.signUp({ email, password });
    const wrong = await anonClient().auth.signInWithPassword({ email, password: 'not-the-password' });
    const unknown = await anonClient().auth.signInWithPassword({ email: uniqueEmail('nobody'), password });
    for (const { error, data } of [wrong, unknown]) {
      expect(data.session).toBeNull();
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });
});

describe('the user endpoint and the access token', () => {
  it('getUser returns the signed-in user', async () => {
    const email = uniqueEmail('getuser');
    const client = anonClient();
    const signup = await client.auth.signUp({ email, password });
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: signup.data.user!.id, email, aud: 'authenticated' });
  });

  it('carries exactly GoTrue claims: aud a string, iss the Auth URL, session, amr, metadata', async () => {
    const email = uniqueEmail('claims');
    const { data } = await anonClient().auth.signUp({ email, password, options: { data: { locale: 'de' } } });
    const token = data.session!.access_token;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(Object.keys(claims).sort()).toEqual(
      ['aal', 'amr', 'app_metadata', 'aud', 'email', 'exp', 'iat', 'is_anonymous', 'iss', 'phone', 'role', 'session_id', 'sub', 'user_metadata'].sort(),
    );
    expect(claims).toMatchObject({
      iss: `${apiUrl()}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { locale: 'de', email_verified: true },
      is_anonymous: false,
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    const [session] = await sql('select 1 from auth.sessions where id = $1 and user_id = $2', [claims.session_id, data.user!.id]);
    expect(session).toBeDefined();
  });

  it('is accepted by PostgREST: the user reads their own users row through /rest/v1', async () => {
    const client = anonClient();
    const { data: signup } = await client.auth.signUp({ email: uniqueEmail('rest'), password });
    const { data, error } = await client.from('users').select('id, email, qr_code_limit').single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: signup.user!.id, email: signup.user!.email, qr_code_limit: 0 });
  });
});
