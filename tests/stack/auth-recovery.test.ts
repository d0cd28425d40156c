/**
 * Auth contract (docs/supabase-http-api.md §A.4–A.5): password recovery end to end — recover → email in the local inbox →
 * verify link (303 with the session in the fragment) → updateUser({password}) — plus the one-time and
 * expiry rules of the link, verifyOtp, PKCE, same_password and the admin API.
 */
import { AuthApiError, createClient, type SupabaseClient } from '@supabase/supabase-js';
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { nodeClientOptions } from '../e2e/support/api.ts';
import { readInbox as inbox } from '../e2e/support/inbox.ts';
import { anonClient, anonKey, apiUrl, serviceClient, sql } from './support.ts';

const password = 'correct-horse-1';
const resetPage = 'http://127.0.0.1:5173/reset-password';

function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

async function registered(label: string): Promise<{ email: string; userId: string }> {
  const email = uniqueEmail(label);
  const { data, error } = await anonClient().auth.signUp({ email, password });
  if (error) throw error;
  return { email, userId: data.user!.id };
}

/** Follows nothing: the verify endpoint's 303 and its Location are the contract. */
async function openLink(link: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(link, { redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('location') ?? 'about:blank') };
}

function fragment(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.slice(1));
}

function clientWithSession(): SupabaseClient {
  return anonClient();
}

describe('password recovery through the email link', () => {
  it('sends one friendly email whose link signs in (type=recovery), then updateUser sets a new password', async () => {
    const { email, userId } = await registered('recover');
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email, { redirectTo: resetPage });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const messages = await inbox(email);
    expect(messages).toHaveLength(1);
    const message = messages[0]!;
    expect(message.subject).toBe('Reset your RoomGuide password');
    expect(message.text).toMatch(/Did not ask for this\?/);
    const link = message.links.find((candidate) => candidate.includes('/auth/v1/verify'))!;
    const linkUrl = new URL(link);
    expect(`${linkUrl.origin}${linkUrl.pathname}`).toBe(`${apiUrl()}/auth/v1/verify`);
    expect(linkUrl.searchParams.get('type')).toBe('recovery');
    expect(linkUrl.searchParams.get('redirect_to')).toBe(resetPage);
    expect(linkUrl.searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);
    const page = await (await fetch(`${inject('inboxUrl')}?to=${encodeURIComponent(email)}`)).text();
    expect(page).toContain('Reset your RoomGuide password');
    expect(page).toContain('in-memory inbox for development');

    // The link needs no apikey (it is opened from a mail client).
    const { status, location } = await openLink(link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(resetPage);
    const hash = fragment(location);
    expect([...hash.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'token_type', 'type']);
    expect(hash.get('type')).toBe('recovery');
    expect(hash.get('token_type')).toBe('bearer');
    expect(hash.get('expires_in')).toBe('3600');

    const client = clientWithSession();
    const session = await client.auth.setSession({ access_token: hash.get('access_token')!, refresh_token: hash.get('refresh_token')! });
    expect(session.error).toBeNull();
    expect(session.data.user!.id).toBe(userId);
    const updated = await client.auth.updateUser({ password: 'brand-new-pass-2' });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.id).toBe(userId);

    const withNew = await anonClient().auth.signInWithPassword({ email, password: 'brand-new-pass-2' });
    expect(withNew.error).toBeNull();
    const withOld = await anonClient().auth.signInWithPassword({ email, password });
    expect(withOld.error).toMatchObject({ status: 400, code: 'invalid_credentials' });

    // Used once: the same link now lands on the error fragment.
    const again = await openLink(link);
    expect(again.status).toBe(303);
    expect(Object.fromEntries(fragment(again.location))).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  it('refuses the current password as the new one with 422 same_password, and a short one with weak_password', async () => {
    const { email } = await registered('same');
    const client = anonClient();
    await client.auth.signInWithPassword({ email, password });
    const same = await client.auth.updateUser({ password });
    expect(same.error).toBeInstanceOf(AuthApiError);
    expect(same.error).toMatchObject({ status: 422, code: 'same_password', message: 'New password should be different from the old password.' });
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });
  });

  it('a password change keeps this session and signs out the others', async () => {
    const { email } = await registered('others');
    const mine = anonClient();
    const theirs = anonClient();
    await mine.auth.signInWithPassword({ email, password });
    await theirs.auth.signInWithPassword({ email, password });
    expect((await mine.auth.updateUser({ password: 'changed-pass-3', data: { locale: 'fr' } })).data.user!.user_metadata).toMatchObject({ locale: 'fr' });
    expect((await mine.auth.getUser()).error).toBeNull();
    expect((await theirs.auth.getUser()).error).toMatchObject({ name: 'AuthSessionMissingError' });
  });

  it('answers 200 {} for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email, { redirectTo: resetPage });
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await inbox(email)).toEqual([]);
  });

  it('sends at most one email per address per 60 s: the second request gets 429 over_email_send_rate_limit', async () => {
    const { email } = await registered('ratelimit');
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await anonClient().auth.resetPasswordForEmail(email);
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(second.error!.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(await inbox(email)).toHaveLength(1);
  });

  it('sends a redirect_to outside the allow-list to the site URL instead', async () => {
    const { email } = await registered('redirect');
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const [message] = await inbox(email);
    const redirect = new URL(message!.links[0]!).searchParams.get('redirect_to')!;
    expect(redirect).not.toContain('evil.example');
    const { location } = await openLink(message!.links[0]!);
    expect(location.origin).toBe(new URL(redirect).origin);
  });

  it('an expired link lands on the otp_expired error fragment', async () => {
    const { email, userId } = await registered('expired');
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: resetPage });
    const [message] = await inbox(email);
    await sql(`update auth.users set recovery_sent_at = now() - interval '2 hours' where id = $1`, [userId]);
    const { status, location } = await openLink(message!.links[0]!);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(resetPage);
    expect(fragment(location).get('error_code')).toBe('otp_expired');
  });
});

describe('verifyOtp and PKCE', () => {
  it('verifyOtp({type: recovery, token_hash}) returns a session (POST /verify)', async () => {
    const { email, userId } = await registered('otp');
    await anonClient().auth.resetPasswordForEmail(email, { redirectTo: resetPage });
    const [message] = await inbox(email);
    const tokenHash = new URL(message!.links[0]!).searchParams.get('token')!;
    const { data, error } = await anonClient().auth.verifyOtp({ type: 'recovery', token_hash: tokenHash });
    expect(error).toBeNull();
    expect(data.session!.user.id).toBe(userId);
    const reused = await anonClient().auth.verifyOtp({ type: 'recovery', token_hash: tokenHash });
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' });
  });

  it('verifyOtp({type: recovery, email, token}) accepts the 6-digit code from generateLink', async () => {
    const { email, userId } = await registered('code');
    const link = await serviceClient().auth.admin.generateLink({ type: 'recovery', email, options: { redirectTo: resetPage } });
    expect(link.error).toBeNull();
    expect(link.data.properties).toMatchObject({ verification_type: 'recovery', redirect_to: resetPage });
    expect(link.data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(link.data.properties!.action_link).toContain(`${apiUrl()}/auth/v1/verify?token=${link.data.properties!.hashed_token}&type=recovery`);
    expect(link.data.user!.id).toBe(userId);
    const wrong = await anonClient().auth.verifyOtp({ type: 'recovery', email, token: '000000' === link.data.properties!.email_otp ? '111111' : '000000' });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    const { data, error } = await anonClient().auth.verifyOtp({ type: 'recovery', email, token: link.data.properties!.email_otp });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(userId);
  });

  it('PKCE: the pkce_ token redirects with ?code= and exchangeCodeForSession signs in', async () => {
    const { email, userId } = await registered('pkce');
    const storage = new Map<string, string>();
    const client = createClient(apiUrl(), anonKey, {
      ...nodeClientOptions,
      auth: {
        ...nodeClientOptions.auth,
        flowType: 'pkce',
        persistSession: true,
        storage: {
          getItem: (key) => storage.get(key) ?? null,
          setItem: (key, value) => void storage.set(key, value),
          removeItem: (key) => void storage.delete(key),
        },
      },
    });
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo: resetPage })).error).toBeNull();
    const [message] = await inbox(email);
    expect(new URL(message!.links[0]!).searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);
    const { status, location } = await openLink(message!.links[0]!);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(resetPage);
    const code = location.searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const { data, error } = await client.auth.exchangeCodeForSession(code!);
    expect(error).toBeNull();
    expect(data.user!.id).toBe(userId);
    const replay = await client.auth.exchangeCodeForSession(code!);
    expect(replay.error).not.toBeNull();
  });
});

describe('admin API (service-role key)', () => {
  it('creates, reads and deletes users; refuses non-admin tokens with 403 not_admin', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({ email, password, email_confirm: true, user_metadata: { via: 'admin' } });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({ email, user_metadata: { via: 'admin', email_verified: true } });
    const id = created.data.user!.id;
    expect((await anonClient().auth.signInWithPassword({ email, password })).error).toBeNull();

    const duplicate = await admin.createUser({ email, password });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });
    expect((await admin.getUserById(id)).data.user!.id).toBe(id);
    const listed = await admin.listUsers({ page: 1, perPage: 1 });
    expect(listed.error).toBeNull();
    expect(listed.data.users).toHaveLength(1);
    expect((listed.data as { total?: number }).total).toBeGreaterThanOrEqual(1);
    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect(await sql('select 1 from public.users where id = $1', [id])).toEqual([]);

    const asAnon = await fetch(`${apiUrl()}/auth/v1/admin/users/${crypto.randomUUID()}`, { headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}` } });
    expect(asAnon.status).toBe(403);
    expect(((await asAnon.json()) as { error_code: string }).error_code).toBe('not_admin');
  });
});
