/**
 * Sign-up, the password / refresh_token / pkce grants, logout and the user's own record
 * (supabase/auth `signup.go`, `token.go`, `logout.go`, `user.go`).
 */
import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PoolClient } from 'pg';
import { requireAuthentication, type AuthContext } from './context.ts';
import { AuthError, badRequest, forbidden, internal, notFound, unprocessable, validationFailed } from './errors.ts';
import { hashPassword, passwordMatches, passwordStrengthError } from './passwords.ts';
import { clientInfo, JsonParams } from './request.ts';
import { issueSession, refreshSession, withTransaction, type SessionResponse } from './sessions.ts';
import { pkceMatches } from './tokens.ts';
import { findUserByEmail, findUserById, isBanned, loadUserJson, mergeMetadata, nilInstanceId, type Queryable, type UserRow } from './users.ts';
import { normalizeEmail } from './validation.ts';
import { sendJson } from '../http.ts';

export const defaultAudience = 'authenticated';

/** validatePKCEParams (pkce.go). */
export function validatePkceParams(method: string, challenge: string): void {
  if ((challenge === '') !== (method === '')) throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  if (challenge === '') return;
  if (challenge.length < 43 || challenge.length > 128) throw validationFailed('code challenge has to be between 43 and 128 characters');
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw validationFailed('code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
}

function emailOrThrow(email: string): string {
  const result = normalizeEmail(email);
  if ('error' in result) throw result.error;
  return result.email;
}

/** Confirm (models/user.go): email_confirmed_at, `email_verified: true` in user_metadata, one-time tokens cleared. */
export async function confirmUser(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users set confirmation_token = '', email_confirmed_at = now(), updated_at = now(),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
     where id = $1`,
    [userId],
  );
  await db.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
}

/** An email identity (provider_id = user id), as sign-up and admin create make it. */
export async function ensureEmailIdentity(db: Queryable, user: { id: string; email: string }, data: Record<string, unknown>): Promise<void> {
  const { rowCount } = await db.query(`select 1 from auth.identities where provider_id = $1 and provider = 'email'`, [user.id]);
  if (rowCount) return;
  const identityData: Record<string, unknown> = { sub: user.id, email: user.email, email_verified: false, phone_verified: false };
  for (const [key, value] of Object.entries(data)) if (!(key in identityData)) identityData[key] = value;
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, id)
     values ($1, $2, $3, 'email', now(), now(), now(), $4)`,
    [user.id, user.id, JSON.stringify(identityData), crypto.randomUUID()],
  );
}

export interface NewUser {
  id?: string;
  email: string;
  passwordHash: string;
  aud: string;
  role: string;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
}

/** Inserts into auth.users as the database superuser, so triggers on auth.users (public.users) run. */
export async function insertUser(db: PoolClient, user: NewUser): Promise<string> {
  const id = user.id ?? crypto.randomUUID();
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, confirmation_token, recovery_token,
       email_change_token_new, email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
     values ($1, $2, $3, $4, $5, $6, '', '', '', '', $7, $8, now(), now(), false, false)`,
    [nilInstanceId, id, user.aud, user.role, user.email, user.passwordHash, JSON.stringify(user.appMetadata), JSON.stringify(user.userMetadata)],
  );
  return id;
}

/** Runs `insertUser` in a savepoint so a failing trigger becomes GoTrue's "Database error saving new user". */
async function insertUserOrFail(tx: PoolClient, user: NewUser): Promise<string> {
  await tx.query('savepoint insert_user');
  try {
    const id = await insertUser(tx, user);
    await tx.query('release savepoint insert_user');
    return id;
  } catch (error) {
    console.error('[auth] inserting into auth.users failed:', (error as Error).message);
    throw internal('Database error saving new user');
  }
}

export async function signup(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const params = await JsonParams.read(req, 'SignupParams');
  const email = params.string('email');
  const phone = params.string('phone');
  const password = params.string('password');
  const data = params.object('data') ?? {};
  const challenge = params.string('code_challenge');
  const challengeMethod = params.string('code_challenge_method');

  if (password === '') throw validationFailed('Signup requires a valid password');
  const weakness = passwordStrengthError(password, ctx.settings.minimumPasswordLength);
  if (weakness) throw weakness;
  if (email !== '' && phone !== '') throw validationFailed('Only an email address or phone number should be provided on signup.');
  validatePkceParams(challengeMethod, challenge);
  if (email === '') {
    if (phone !== '') throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    throw validationFailed('Sign up only available with email provider');
  }
  const normalized = emailOrThrow(email);
  const existing = await findUserByEmail(ctx.pool, normalized, defaultAudience);
  if (existing?.email_confirmed_at) throw unprocessable('user_already_exists', 'User already registered');

  // Hashing is slow on purpose: outside the transaction, as GoTrue does.
  const passwordHash = existing ? null : await hashPassword(password);
  const session = await withTransaction(ctx.pool, async (tx) => {
    const userId = existing
      ? existing.id
      : await insertUserOrFail(tx, {
          email: normalized,
          passwordHash: passwordHash!,
          aud: defaultAudience,
          role: 'authenticated',
          appMetadata: { provider: 'email', providers: ['email'] },
          userMetadata: data,
        });
    await ensureEmailIdentity(tx, { id: userId, email: normalized }, data);
    // enable_confirmations = false (autoconfirm): confirmed at once, and signed in.
    await confirmUser(tx, userId);
    return issueSession(tx, ctx.settings, userId, 'password', clientInfo(req));
  });
  sendJson(res, 200, session);
}

async function passwordGrant(ctx: AuthContext, req: IncomingMessage): Promise<SessionResponse> {
  const params = await JsonParams.read(req, 'PasswordGrantParams');
  const email = params.string('email');
  const phone = params.string('phone');
  const password = params.string('password');
  if (email !== '' && phone !== '') throw validationFailed('Only an email address or phone number should be provided on login.');
  if (email === '') {
    if (phone !== '') throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    throw validationFailed('missing email or phone');
  }
  const invalid = (): AuthError => badRequest('invalid_credentials', 'Invalid login credentials');
  const user = await findUserByEmail(ctx.pool, email, defaultAudience);
  if (!user || !user.encrypted_password) throw invalid();
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!(await passwordMatches(password, user.encrypted_password))) throw invalid();
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');

  const weakness = passwordStrengthError(password, ctx.settings.minimumPasswordLength);
  const session = await withTransaction(ctx.pool, (tx) => issueSession(tx, ctx.settings, user.id, 'password', clientInfo(req)));
  if (weakness && weakness.code === 'weak_password') {
    const reasons = (weakness.extra.weak_password as { reasons: string[] }).reasons;
    session.weak_password = { message: weakness.message, reasons };
  }
  return session;
}

async function pkceGrant(ctx: AuthContext, req: IncomingMessage): Promise<SessionResponse> {
  const params = await JsonParams.read(req, 'PKCEGrantParams');
  const authCode = params.string('auth_code');
  const verifier = params.string('code_verifier');
  if (authCode === '' || verifier === '') {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  const { rows } = await ctx.pool.query<{
    id: string;
    user_id: string | null;
    code_challenge: string | null;
    code_challenge_method: string | null;
    authentication_method: string;
    created_at: Date;
  }>('select id, user_id, code_challenge, code_challenge_method, authentication_method, created_at from auth.flow_state where auth_code = $1', [authCode]);
  const flow = rows[0];
  if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
  if (Date.now() > flow.created_at.getTime() + ctx.settings.flowStateExpiry * 1000) {
    throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
  }
  if (!flow.code_challenge || !pkceMatches(verifier, flow.code_challenge, flow.code_challenge_method ?? 's256')) {
    throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  const userId = flow.user_id;
  return withTransaction(ctx.pool, async (tx) => {
    const session = await issueSession(tx, ctx.settings, userId, flow.authentication_method, clientInfo(req));
    await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
    return session;
  });
}

export async function token(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
  const grantType = query.get('grant_type') ?? '';
  // As GoTrue's Token handler: an unknown grant is refused before the limit is counted.
  if (['password', 'refresh_token', 'pkce'].includes(grantType)) ctx.rateLimit('token', req);
  let session: SessionResponse;
  switch (grantType) {
    case 'password':
      session = await passwordGrant(ctx, req);
      break;
    case 'refresh_token': {
      const params = await JsonParams.read(req, 'RefreshTokenGrantParams');
      session = await refreshSession(ctx.pool, ctx.settings, params.string('refresh_token'));
      break;
    }
    case 'pkce':
      session = await pkceGrant(ctx, req);
      break;
    default:
      throw badRequest('invalid_credentials', 'unsupported_grant_type');
  }
  sendJson(res, 200, session);
}

export async function logout(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
  const caller = await requireAuthentication(ctx, req);
  const scope = query.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
  if (caller.sessionId && scope === 'local') {
    await ctx.pool.query('delete from auth.sessions where id = $1', [caller.sessionId]);
  } else if (caller.sessionId && scope === 'others') {
    await ctx.pool.query('delete from auth.sessions where id <> $1 and user_id = $2', [caller.sessionId, caller.user.id]);
  } else {
    await ctx.pool.query('delete from auth.sessions where user_id = $1', [caller.user.id]);
  }
  res.writeHead(204);
  res.end();
}

export async function getUser(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const caller = await requireAuthentication(ctx, req);
  const audience = Array.isArray(caller.claims.aud) ? caller.claims.aud[0] : caller.claims.aud;
  if (audience !== defaultAudience) throw validationFailed("Token audience doesn't match request audience");
  sendJson(res, 200, await loadUserJson(ctx.pool, caller.user.id));
}

/** UpdatePassword (models/user.go): new hash, pending tokens cleared, the other sessions signed out. */
export async function storeNewPassword(db: Queryable, user: UserRow, passwordHash: string, keepSessionId: string | null): Promise<void> {
  await db.query(
    `update auth.users set encrypted_password = $2, confirmation_token = '', confirmation_sent_at = null,
       recovery_token = '', recovery_sent_at = null, email_change_token_current = '', email_change_token_new = '',
       email_change_sent_at = null, phone_change_token = '', phone_change_sent_at = null,
       reauthentication_token = '', reauthentication_sent_at = null, updated_at = now()
     where id = $1`,
    [user.id, passwordHash],
  );
  await db.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
  if (keepSessionId) await db.query('delete from auth.sessions where id <> $1 and user_id = $2', [keepSessionId, user.id]);
  else await db.query('delete from auth.sessions where user_id = $1', [user.id]);
}

export async function updateUser(ctx: AuthContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const caller = await requireAuthentication(ctx, req);
  ctx.rateLimit('user', req);
  const params = await JsonParams.read(req, 'UserUpdateParams');
  const email = params.string('email');
  const password = params.optionalString('password');
  const phone = params.string('phone');
  const data = params.object('data');
  const appData = params.object('app_metadata');
  params.string('nonce');
  validatePkceParams(params.string('code_challenge_method'), params.string('code_challenge'));

  const user = caller.user;
  const newEmail = email === '' ? '' : emailOrThrow(email);
  if (password !== undefined) {
    const weakness = passwordStrengthError(password, ctx.settings.minimumPasswordLength);
    if (weakness) throw weakness;
  }
  if (appData && !ctx.settings.adminRoles.includes(user.role ?? '')) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (newEmail !== '' && newEmail !== user.email) {
    const duplicate = await findUserByEmail(ctx.pool, newEmail, defaultAudience);
    if (duplicate && duplicate.id !== user.id) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    // Email changes need the confirmation emails of secure_email_change; RoomGuide does not offer them.
    throw unprocessable('validation_failed', 'Changing the email address is not supported by the local Auth service');
  }
  if (phone !== '' && phone !== (user.phone ?? '')) {
    throw unprocessable('phone_provider_disabled', 'Phone changes are not supported: the phone provider is disabled');
  }

  let passwordHash: string | null = null;
  if (password !== undefined) {
    if (password !== '' && user.encrypted_password && (await passwordMatches(password, user.encrypted_password))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    passwordHash = await hashPassword(password);
  }

  await withTransaction(ctx.pool, async (tx) => {
    const current = (await findUserById(tx, user.id))!;
    if (passwordHash !== null) await storeNewPassword(tx, current, passwordHash, caller.sessionId);
    if (data) {
      await tx.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(current.raw_user_meta_data, data)),
      ]);
    }
    if (appData) {
      await tx.query('update auth.users set raw_app_meta_data = $2, updated_at = now() where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(current.raw_app_meta_data, appData)),
      ]);
    }
  });
  sendJson(res, 200, await loadUserJson(ctx.pool, user.id));
}
