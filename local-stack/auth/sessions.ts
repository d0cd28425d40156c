/**
 * Sessions and refresh tokens as GoTrue keeps them (`models/sessions.go`, `models/refresh_token.go`,
 * `tokens/service.go`): one auth.sessions row per sign-in, a chain of single-use refresh tokens in
 * auth.refresh_tokens (each new one names its `parent`), the sign-in method in auth.mfa_amr_claims.
 */
import crypto from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { AuthError, badRequest, OAuthError } from './errors.ts';
import { accessTokenClaims, accessTokenLifetimeSeconds, newRefreshToken, signAccessToken, type AmrEntry } from './tokens.ts';
import { findUserById, identitiesOf, isBanned, nilInstanceId, userJson, type Queryable, type UserRow } from './users.ts';

export interface TokenSettings {
  jwtSecret: string;
  issuer: string;
  /** Seconds during which a rotated refresh token may still be used (GoTrue's refresh_token_reuse_interval). */
  refreshTokenReuseInterval: number;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  weak_password?: { message: string; reasons: string[] };
}

export async function withTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface RequestInfo {
  userAgent: string | null;
  ip: string | null;
}

async function amrOf(db: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await db.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc',
    [sessionId],
  );
  return rows.map((row) => ({ method: row.authentication_method, timestamp: Math.floor(row.updated_at.getTime() / 1000) }));
}

async function accessTokenFor(db: Queryable, settings: TokenSettings, user: UserRow, sessionId: string): Promise<{ token: string; expiresAt: number }> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const claims = accessTokenClaims({
    issuer: settings.issuer,
    userId: user.id,
    audience: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    appMetadata: user.raw_app_meta_data ?? {},
    userMetadata: user.raw_user_meta_data ?? {},
    sessionId,
    amr: await amrOf(db, sessionId),
    isAnonymous: user.is_anonymous,
    issuedAt,
  });
  return { token: await signAccessToken(claims, settings.jwtSecret), expiresAt: issuedAt + accessTokenLifetimeSeconds };
}

async function insertRefreshToken(db: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, $3, false, now(), now(), $4, $5)`,
    [nilInstanceId, token, userId, parent, sessionId],
  );
  await db.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
  return token;
}

async function sessionResponse(db: Queryable, settings: TokenSettings, userId: string, sessionId: string, refreshToken: string): Promise<SessionResponse> {
  const user = await findUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished while issuing a session`);
  const { token, expiresAt } = await accessTokenFor(db, settings, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: accessTokenLifetimeSeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(db, userId)),
  };
}

/** IssueRefreshToken: a new session signed in with `method` ('password', 'otp', 'recovery', …). */
export async function issueSession(db: Queryable, settings: TokenSettings, userId: string, method: string, request: RequestInfo): Promise<SessionResponse> {
  const sessionId = crypto.randomUUID();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, userId, request.userAgent, request.ip],
  );
  await db.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)
     on conflict (session_id, authentication_method) do update set updated_at = excluded.updated_at`,
    [sessionId, method, crypto.randomUUID()],
  );
  const refreshToken = await insertRefreshToken(db, userId, sessionId, null);
  return sessionResponse(db, settings, userId, sessionId, refreshToken);
}

interface RefreshTokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: Date;
  parent: string | null;
  session_id: string | null;
}

/** The refresh_token grant (`tokens/service.go RefreshTokenGrant`), including GoTrue's reuse rules. */
export async function refreshSession(pool: Pool, settings: TokenSettings, refreshToken: string): Promise<SessionResponse> {
  if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token required');
  const outcome = await withTransaction(pool, async (tx): Promise<SessionResponse | AuthError> => {
    const { rows } = await tx.query<RefreshTokenRow>(
      `select rt.id, rt.token, rt.user_id, rt.revoked, rt.updated_at, rt.parent, rt.session_id
         from auth.refresh_tokens rt where rt.token = $1 for update`,
      [refreshToken],
    );
    const token = rows[0];
    if (!token) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await findUserById(tx, token.user_id);
    if (!user) return badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) return badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    const session = token.session_id
      ? (await tx.query<{ id: string; not_after: Date | null }>('select id, not_after from auth.sessions where id = $1 for update', [token.session_id])).rows[0]
      : undefined;
    if (!session) {
      await tx.query('delete from auth.refresh_tokens where id = $1', [token.id]);
      return badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    }
    if (session.not_after && session.not_after.getTime() < Date.now()) {
      return badRequest('session_expired', 'Invalid Refresh Token: Session Expired');
    }

    let issued: string | null = null;
    if (token.revoked) {
      const active = (
        await tx.query<{ token: string; parent: string | null }>(
          'select token, parent from auth.refresh_tokens where session_id = $1 and revoked is false order by id desc limit 1',
          [session.id],
        )
      ).rows[0];
      if (active && active.parent === token.token) {
        // The client lost the answer to its last refresh: GoTrue hands back the current token.
        issued = active.token;
      } else if (Date.now() > token.updated_at.getTime() + settings.refreshTokenReuseInterval * 1000) {
        // Reuse outside the grace period looks like theft: revoke the whole session's chain (committed).
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false', [session.id]);
        return badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
      }
    }
    if (issued === null) {
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
      issued = await insertRefreshToken(tx, user.id, session.id, token.token);
    }
    await tx.query(`update auth.sessions set refreshed_at = timezone('utc', now()), updated_at = now() where id = $1`, [session.id]);
    return sessionResponse(tx, settings, user.id, session.id, issued);
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
