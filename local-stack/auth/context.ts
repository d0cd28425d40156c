/** What every Auth route needs: the pool, the settings, the mailbox, and the authenticated caller. */
import type { IncomingMessage } from 'node:http';
import type { Pool } from 'pg';
import { forbidden, unauthorized, validationFailed } from './errors.ts';
import type { RateLimiter } from './rate-limits.ts';
import { bearerToken } from './request.ts';
import type { TokenSettings } from './sessions.ts';
import { verifyAccessToken, type VerifiedClaims } from './tokens.ts';
import { findUserById, isBanned, type UserRow } from './users.ts';
import type { RedirectPolicy } from './validation.ts';

export interface AuthSettings extends TokenSettings {
  apiExternalUrl: string;
  redirects: RedirectPolicy;
  minimumPasswordLength: number;
  /** Seconds between two emails of the same kind to one user (GoTrue's SMTP max_frequency). */
  emailMaxFrequency: number;
  /** Seconds an email link or code stays valid (GoTrue's mailer otp_exp). */
  otpExpiry: number;
  /** Seconds a PKCE flow state stays valid. */
  flowStateExpiry: number;
  adminRoles: string[];
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface AuthContext {
  pool: Pool;
  settings: AuthSettings;
  sendMail(msg: OutgoingMail): void;
  /** Throws GoTrue's 429 when the caller's address is over the limit for this operation. */
  rateLimit: RateLimiter;
}

export interface Caller {
  claims: VerifiedClaims;
  user: UserRow;
  sessionId: string | null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const nilUuid = '00000000-0000-0000-0000-000000000000';

export async function parseBearer(ctx: AuthContext, req: IncomingMessage): Promise<VerifiedClaims> {
  const token = bearerToken(req);
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return await verifyAccessToken(token, ctx.settings.jwtSecret);
  } catch (error) {
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`);
  }
}

/** GoTrue's maybeLoadUserOrSession for a verified token. */
export async function loadCaller(ctx: AuthContext, claims: VerifiedClaims): Promise<Caller> {
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!uuidPattern.test(claims.sub)) throw validationFailed('invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.pool, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let sessionId: string | null = null;
  if (claims.session_id && claims.session_id !== nilUuid) {
    if (!uuidPattern.test(claims.session_id)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const { rowCount } = await ctx.pool.query('select 1 from auth.sessions where id = $1', [claims.session_id]);
    if (!rowCount) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    sessionId = claims.session_id;
  }
  return { claims, user, sessionId };
}

/** requireAuthentication: a valid Bearer token of an existing user with a live session. */
export async function requireAuthentication(ctx: AuthContext, req: IncomingMessage): Promise<Caller> {
  const caller = await loadCaller(ctx, await parseBearer(ctx, req));
  if (isBanned(caller.user)) throw forbidden('user_banned', 'User is banned');
  return caller;
}

/** requireAdminCredentials + requireAdmin: a token whose role is an admin role (the service-role key). */
export async function requireAdmin(ctx: AuthContext, req: IncomingMessage): Promise<void> {
  const claims = await parseBearer(ctx, req);
  if (claims.session_id && claims.session_id !== nilUuid) await loadCaller(ctx, claims);
  if (!claims.role || !ctx.settings.adminRoles.includes(claims.role)) throw forbidden('not_admin', 'User not allowed');
}
