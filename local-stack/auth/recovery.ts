/**
 * Password recovery: `POST /recover` sends the email, `GET /verify` (the link) and `POST /verify`
 * (`verifyOtp`) exchange its token for a session (supabase/auth `recover.go`, `mail.go`, `verify.go`,
 * `pkce.go`; docs/supabase-http-api.md §A.5).
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defaultAudience, confirmUser, validatePkceParams } from './account.ts';
import type { AuthContext } from './context.ts';
import { AuthError, badRequest, forbidden, sendError, tooManyRequests, unprocessable, validationFailed } from './errors.ts';
import { recoveryEmail } from './mail-templates.ts';
import { clientInfo, goQueryEscape, goValuesEncode, JsonParams } from './request.ts';
import { issueSession, withTransaction, type SessionResponse } from './sessions.ts';
import { newOtp, tokenHash } from './tokens.ts';
import { findUserByEmail, findUserById, isBanned, loadUserJson, type Queryable, type UserRow } from './users.ts';
import { chooseRedirect, normalizeEmail } from './validation.ts';
import { sendJson } from '../http.ts';

const pkcePrefix = 'pkce_';

function referrerOf(ctx: AuthContext, req: IncomingMessage, query: URLSearchParams): string {
  const fromHeader = req.headers['redirect_to'];
  const redirectTo = (Array.isArray(fromHeader) ? fromHeader[0] : fromHeader) || query.get('redirect_to');
  return chooseRedirect(ctx.settings.redirects, redirectTo, req.headers.referer);
}

/** templatemailer encodeRedirectURL: escaped only when it has not been escaped by the caller. */
function encodeRedirectUrl(url: string): string {
  return /[&=#]/.test(url) ? goQueryEscape(url) : url;
}

export function verifyLink(apiExternalUrl: string, token: string, type: string, redirectTo: string): string {
  return `${apiExternalUrl.replace(/\/+$/, '')}/verify?token=${goQueryEscape(token)}&type=${goQueryEscape(type)}&redirect_to=${encodeRedirectUrl(redirectTo)}`;
}

/** CreateOneTimeToken: one live token per user and type. */
async function storeOneTimeToken(db: Queryable, userId: string, relatesTo: string, hash: string, type: string): Promise<void> {
  await db.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
  await db.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1, $2, $3, $4, $5, now(), now())`,
    [crypto.randomUUID(), userId, type, hash, relatesTo.toLowerCase()],
  );
}

export async function recover(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
  const params = await JsonParams.read(req, 'RecoverParams');
  const rawEmail = params.string('email');
  const challenge = params.string('code_challenge');
  const challengeMethod = params.string('code_challenge_method');
  if (rawEmail === '') throw validationFailed('Password recovery requires an email');
  const normalized = normalizeEmail(rawEmail);
  if ('error' in normalized) throw normalized.error;
  validatePkceParams(challengeMethod, challenge);

  const user = await findUserByEmail(ctx.pool, normalized.email, defaultAudience);
  // No such user: the same empty 200, so the endpoint does not reveal who has an account.
  if (!user) return sendJson(res, 200, {});

  const isPkce = challenge !== '';
  const redirectTo = referrerOf(ctx, req, query);
  const mail = await withTransaction(ctx.pool, async (tx) => {
    if (isPkce) {
      await tx.query(
        `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
         values ($1, $2, $3, $4, $5, 'recovery', 'recovery', now(), now())`,
        [crypto.randomUUID(), user.id, crypto.randomUUID(), challengeMethod.toLowerCase(), challenge],
      );
    }
    const locked = (await tx.query<UserRow>('select * from auth.users where id = $1 for update', [user.id])).rows[0]!;
    if (locked.recovery_sent_at) {
      const nextAllowed = locked.recovery_sent_at.getTime() + ctx.settings.emailMaxFrequency * 1000;
      if (nextAllowed > Date.now()) {
        const seconds = Math.trunc((nextAllowed - Date.now()) / 1000);
        throw tooManyRequests('over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`);
      }
    }
    const otp = newOtp();
    const hash = (isPkce ? pkcePrefix : '') + tokenHash(locked.email ?? '', otp);
    await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1', [user.id, hash]);
    await storeOneTimeToken(tx, user.id, locked.email ?? '', hash, 'recovery_token');
    return recoveryEmail({
      email: locked.email ?? '',
      confirmationUrl: verifyLink(ctx.settings.apiExternalUrl, hash, 'recovery', redirectTo),
      expiresInMinutes: Math.round(ctx.settings.otpExpiry / 60),
    });
  });
  ctx.sendMail({ to: user.email ?? normalized.email, ...mail });
  sendJson(res, 200, {});
}

const expiredLink = (): AuthError => forbidden('otp_expired', 'Email link is invalid or has expired');
const invalidOtp = (): AuthError => forbidden('otp_expired', 'Token has expired or is invalid');

function isExpired(sentAt: Date | null, otpExpiry: number): boolean {
  return !sentAt || Date.now() > sentAt.getTime() + otpExpiry * 1000;
}

/** verifyTokenHash: the user whose live one-time token this is, of the kind `type` asks for. */
async function userForTokenHash(ctx: AuthContext, db: Queryable, type: string, hash: string): Promise<{ user: UserRow; type: string }> {
  const tokenTypes: Record<string, string[]> = {
    recovery: ['recovery_token'],
    magiclink: ['recovery_token'],
    signup: ['confirmation_token'],
    invite: ['confirmation_token'],
    email: ['confirmation_token', 'recovery_token'],
    email_change: ['email_change_token_current', 'email_change_token_new'],
  };
  const wanted = tokenTypes[type];
  if (!wanted) throw validationFailed('Invalid email verification type');
  const { rows } = await db.query<{ user_id: string; token_type: string }>(
    'select user_id, token_type::text from auth.one_time_tokens where token_hash = $1 and token_type::text = any($2) limit 1',
    [hash, wanted],
  );
  const found = rows[0];
  const user = found ? await findUserById(db, found.user_id) : null;
  if (!found || !user) throw expiredLink();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const resolvedType = type === 'email' ? (found.token_type === 'recovery_token' ? 'magiclink' : 'signup') : type;
  const sentAt = ['recovery', 'magiclink'].includes(resolvedType)
    ? user.recovery_sent_at
    : resolvedType === 'email_change'
      ? user.email_change_sent_at
      : user.confirmation_sent_at;
  if (isExpired(sentAt, ctx.settings.otpExpiry)) throw expiredLink();
  return { user, type: resolvedType };
}

/** verifyUserAndToken: `{type, email, token}` with the 6-digit code from the email. */
async function userForEmailOtp(ctx: AuthContext, db: Queryable, type: string, email: string, hash: string): Promise<{ user: UserRow; type: string }> {
  const user = await findUserByEmail(db, email, defaultAudience);
  if (!user) throw invalidOtp();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const valid = (expected: string | null, sentAt: Date | null): boolean =>
    Boolean(expected) && !isExpired(sentAt, ctx.settings.otpExpiry) && (hash === expected || pkcePrefix + hash === expected);
  let resolvedType = type;
  let ok = false;
  if (type === 'email') {
    if (valid(user.confirmation_token, user.confirmation_sent_at)) {
      ok = true;
      resolvedType = 'signup';
    } else if (valid(user.recovery_token, user.recovery_sent_at)) {
      ok = true;
      resolvedType = 'magiclink';
    }
  } else if (type === 'recovery' || type === 'magiclink') {
    ok = valid(user.recovery_token, user.recovery_sent_at);
  } else if (type === 'signup' || type === 'invite') {
    ok = valid(user.confirmation_token, user.confirmation_sent_at);
  }
  if (!ok) throw invalidOtp();
  return { user, type: resolvedType };
}

/** recoverVerify / signupVerify, then app_metadata.providers refreshed from the identities. */
async function consumeToken(db: Queryable, user: UserRow, type: string): Promise<void> {
  if (type === 'recovery' || type === 'magiclink') {
    await db.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [user.id]);
    await db.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
    if (!user.email_confirmed_at) await confirmUser(db, user.id);
  } else if (type === 'signup' || type === 'invite') {
    await confirmUser(db, user.id);
  } else {
    throw validationFailed('Unsupported verification type');
  }
  const { rows } = await db.query<{ provider: string }>('select distinct provider from auth.identities where user_id = $1 order by provider', [user.id]);
  const providers = rows.map((row) => row.provider);
  const update: Record<string, unknown> = { providers };
  if (providers.length > 0) update.provider = providers[0];
  await db.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`, [
    user.id,
    JSON.stringify(update),
  ]);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Content-Length': 0 });
  res.end();
}

/** prepErrorRedirectURL: the error in the fragment (and, for PKCE, in the query too). */
function errorRedirectUrl(target: string, error: AuthError, pkce: boolean): string {
  const url = new URL(target);
  const oauthErrors: Record<number, string> = {
    400: 'invalid_request',
    401: 'unauthorized_client',
    403: 'access_denied',
    500: 'server_error',
    503: 'temporarily_unavailable',
  };
  const values: Record<string, string> = { error_code: error.code, error_description: error.message };
  const oauthError = oauthErrors[error.status];
  if (oauthError) values.error = oauthError;
  if (pkce) {
    const query: Record<string, string> = Object.fromEntries(url.searchParams);
    url.search = goValuesEncode({ ...query, ...values });
  }
  url.hash = '';
  return `${url.toString().replace(/#$/, '')}#${goValuesEncode({ ...values, sb: '' })}`;
}

function authenticationMethodOf(type: string): string {
  if (type === 'recovery' || type === 'magiclink') return type;
  if (type === 'signup' || type === 'invite') return type === 'signup' ? 'email/signup' : 'invite';
  throw validationFailed('Unsupported verification type');
}

export async function verifyGet(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
  const token = query.get('token') ?? '';
  const type = query.get('type') ?? '';
  const redirectTo = referrerOf(ctx, req, query);
  if (type === '') throw validationFailed('Verify requires a verification type');
  if (token === '') throw validationFailed('Verify requires a token or a token hash');
  const pkce = token.startsWith(pkcePrefix);
  const authenticationMethod = pkce ? authenticationMethodOf(type) : '';

  let outcome: { session: SessionResponse } | { authCode: string };
  try {
    outcome = await withTransaction(ctx.pool, async (tx) => {
      const found = await userForTokenHash(ctx, tx, type, token);
      await consumeToken(tx, found.user, found.type);
      if (!pkce) return { session: await issueSession(tx, ctx.settings, found.user.id, 'otp', clientInfo(req)) };
      // issueAuthCode: the newest flow state of this user for this method.
      const { rows } = await tx.query<{ id: string; auth_code: string | null; code_challenge: string | null }>(
        `select id, auth_code, code_challenge from auth.flow_state where user_id = $1 and authentication_method = $2
         order by created_at desc limit 1`,
        [found.user.id, authenticationMethod],
      );
      const flow = rows[0];
      if (!flow) throw badRequest('flow_state_not_found', 'No associated flow state found. No valid flow state found for user.');
      if (!flow.code_challenge || !flow.auth_code) {
        throw badRequest('flow_state_not_found', 'No associated flow state found. Flow state does not have an auth code (not a PKCE flow).');
      }
      await tx.query('update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1', [flow.id]);
      return { authCode: flow.auth_code };
    });
  } catch (error) {
    if (error instanceof AuthError) {
      try {
        return redirect(res, errorRedirectUrl(redirectTo, error, pkce));
      } catch {
        return sendError(req, res, error);
      }
    }
    throw error;
  }

  if ('session' in outcome) {
    const { session } = outcome;
    // AccessTokenResponse.AsRedirectURL with `type`: Go's url.Values.Encode sorts the keys.
    const fragment = goValuesEncode({
      access_token: session.access_token,
      token_type: session.token_type,
      expires_in: String(session.expires_in),
      expires_at: String(session.expires_at),
      refresh_token: session.refresh_token,
      type,
    });
    return redirect(res, `${redirectTo}#${fragment}`);
  }
  const url = new URL(redirectTo);
  const queryValues: Record<string, string> = Object.fromEntries(url.searchParams);
  url.search = goValuesEncode({ ...queryValues, code: outcome.authCode });
  return redirect(res, url.toString());
}

export async function verifyPost(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const params = await JsonParams.read(req, 'VerifyParams');
  const type = params.string('type');
  const token = params.string('token');
  const hashParam = params.string('token_hash');
  const email = params.string('email');
  const phone = params.string('phone');
  const redirectTo = params.string('redirect_to');
  if (type === '') throw validationFailed('Verify requires a verification type');
  if ((token === '' && hashParam === '') || (token !== '' && hashParam !== '')) {
    throw validationFailed('Verify requires either a token or a token hash');
  }
  let emailForOtp = '';
  if (token !== '') {
    if (phone !== '' && email === '') throw invalidOtp();
    if (email !== '' && phone === '') {
      const normalized = normalizeEmail(email);
      if ('error' in normalized) throw unprocessable('validation_failed', 'Invalid email format');
      emailForOtp = normalized.email;
    } else {
      throw validationFailed('Only an email address or phone number should be provided on verify');
    }
  } else if (email !== '' || phone !== '' || redirectTo !== '') {
    throw validationFailed('Only the token_hash and type should be provided');
  }
  if (['sms', 'phone_change'].includes(type)) throw invalidOtp();

  const session = await withTransaction(ctx.pool, async (tx) => {
    const found =
      token !== '' ? await userForEmailOtp(ctx, tx, type, emailForOtp, tokenHash(emailForOtp, token)) : await userForTokenHash(ctx, tx, type, hashParam);
    await consumeToken(tx, found.user, found.type);
    return issueSession(tx, ctx.settings, found.user.id, 'otp', clientInfo(req));
  });
  sendJson(res, 200, session);
}

/** POST /admin/generate_link for `recovery` and `magiclink` (an existing user): no email, the link in the answer. */
export async function generateLink(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
  const params = await JsonParams.read(req, 'GenerateLinkParams');
  const type = params.string('type');
  const normalized = normalizeEmail(params.string('email'));
  if ('error' in normalized) throw normalized.error;
  params.object('data');
  const requested = params.string('redirect_to');
  let redirectTo = referrerOf(ctx, req, query);
  if (requested && chooseRedirect(ctx.settings.redirects, requested, undefined) === requested) redirectTo = requested;

  if (!['recovery', 'magiclink'].includes(type)) {
    if (['signup', 'invite', 'email_change_current', 'email_change_new'].includes(type)) {
      throw validationFailed(`The local Auth service generates only recovery and magiclink links, not "${type}"`);
    }
    throw validationFailed(`Invalid email action link type requested: ${type}`);
  }
  const user = await findUserByEmail(ctx.pool, normalized.email, defaultAudience);
  if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');

  const otp = newOtp();
  const hash = tokenHash(normalized.email, otp);
  await withTransaction(ctx.pool, async (tx) => {
    await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1', [user.id, hash]);
    await storeOneTimeToken(tx, user.id, user.email ?? normalized.email, hash, 'recovery_token');
  });
  sendJson(res, 200, {
    ...(await loadUserJson(ctx.pool, user.id)),
    action_link: verifyLink(ctx.settings.apiExternalUrl, hash, type, redirectTo),
    email_otp: otp,
    hashed_token: hash,
    verification_type: type,
    redirect_to: redirectTo,
  });
}
