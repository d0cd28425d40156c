/**
 * The local stack's stand-in for Supabase Auth (GoTrue), mounted at /auth/v1 by the gateway (which checks
 * the apikey and answers CORS). It speaks the endpoints, JSON shapes, status codes and error codes that
 * supabase-js uses (docs/supabase-http-api.md §A), keeps its state in GoTrue's own `auth` tables, and writes users into
 * auth.users as the database superuser so triggers on auth.users (the public.users row) run as they do
 * in Supabase. Emails go to the local mailbox.
 *
 * Configured as supabase/config.toml has it: sign-ups confirmed at once, email provider only, minimum
 * password length 6, refresh-token rotation with a 10 s reuse interval, links valid for an hour.
 * Not offered (GoTrue has them; RoomGuide does not use them): email/phone change on PUT /user, MFA,
 * OAuth/SSO, magic-link and OTP sign-in endpoints, anonymous sign-in, audit log. Rate limits per client
 * address as GoTrue's (rate-limits.ts), from supabase/config.toml's [auth.rate_limit].
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import { getUser, logout, signup, token, updateUser } from './account.ts';
import { createUser, deleteUserById, getUserById, listUsers, updateUserById } from './admin.ts';
import { requireAdmin, type AuthContext, type AuthSettings, type OutgoingMail } from './context.ts';
import { AuthError, sendError } from './errors.ts';
import { generateLink, recover, verifyGet, verifyPost } from './recovery.ts';
import { createRateLimiter } from './rate-limits.ts';
import { authSchemaSql } from './schema.ts';
import { cliAuthRateLimits, type AuthRateLimits } from '../supabase-config.ts';
import { sendJson } from '../http.ts';

export interface MailSender {
  send(msg: OutgoingMail): unknown;
}

export interface AuthServiceOptions {
  databaseUrl: string;
  jwtSecret: string;
  /** Public base of this service, e.g. http://127.0.0.1:54321/auth/v1: the JWT `iss` and the base of email links. */
  apiExternalUrl: string;
  siteUrl: string;
  additionalRedirectUrls: string[];
  mailbox: MailSender;
  /** supabase/config.toml [auth] minimum_password_length (6). */
  minimumPasswordLength?: number;
  /** Seconds between two recovery emails to one address (GoTrue's SMTP max frequency; 60). */
  emailMaxFrequencySeconds?: number;
  /** Seconds a rotated refresh token may be reused ([auth] refresh_token_reuse_interval; 10). */
  refreshTokenReuseIntervalSeconds?: number;
  /** Seconds an email link stays valid ([auth.email] otp_expiry; 3600). */
  otpExpirySeconds?: number;
  /** supabase/config.toml [auth.rate_limit]; the CLI's defaults when omitted. */
  rateLimits?: AuthRateLimits;
}

export interface AuthService {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

const gotrueVersion = 'v2.180.0';

function settingsJson(): Record<string, unknown> {
  const providers = [
    'anonymous_users',
    'apple',
    'azure',
    'bitbucket',
    'discord',
    'facebook',
    'snapchat',
    'figma',
    'fly',
    'github',
    'gitlab',
    'google',
    'keycloak',
    'kakao',
    'linkedin',
    'linkedin_oidc',
    'notion',
    'spotify',
    'slack',
    'slack_oidc',
    'workos',
    'twitch',
    'twitter',
    'email',
    'phone',
    'zoom',
  ];
  return {
    external: Object.fromEntries(providers.map((name) => [name, name === 'email'])),
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
    sms_provider: 'twilio',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

export function createAuthService(opts: AuthServiceOptions): AuthService {
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 6, application_name: 'roomguide-auth' });
  // An idle client losing its connection (database stopped first) must not crash the stack.
  pool.on('error', (error) => console.error('[auth] database connection error:', error.message));
  const apiExternalUrl = opts.apiExternalUrl.replace(/\/+$/, '');
  const settings: AuthSettings = {
    jwtSecret: opts.jwtSecret,
    issuer: apiExternalUrl,
    apiExternalUrl,
    refreshTokenReuseInterval: opts.refreshTokenReuseIntervalSeconds ?? 10,
    redirects: { siteUrl: opts.siteUrl, allowList: opts.additionalRedirectUrls },
    minimumPasswordLength: opts.minimumPasswordLength ?? 6,
    emailMaxFrequency: opts.emailMaxFrequencySeconds ?? 60,
    otpExpiry: opts.otpExpirySeconds ?? 3600,
    flowStateExpiry: 300,
    adminRoles: ['service_role', 'supabase_admin'],
  };
  const ctx: AuthContext = {
    pool,
    settings,
    sendMail: (msg) => void opts.mailbox.send(msg),
    rateLimit: createRateLimiter(opts.rateLimits ?? cliAuthRateLimits),
  };

  // GoTrue migrates its own tables on start; the stand-in adds the two the bootstrap leaves out.
  let schemaReady: Promise<void> | null = null;
  const ensureSchema = (): Promise<void> => {
    schemaReady ??= pool.query(authSchemaSql).then(
      () => undefined,
      (error: unknown) => {
        schemaReady = null;
        throw error;
      },
    );
    return schemaReady;
  };
  ensureSchema().catch((error: unknown) => console.error('[auth] could not prepare the auth schema:', (error as Error).message));

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://auth.local');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const query = url.searchParams;

    if (path === '/health' && method === 'GET') {
      return sendJson(res, 200, { version: gotrueVersion, name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' });
    }
    if (path === '/settings' && method === 'GET') return sendJson(res, 200, settingsJson());

    await ensureSchema();
    const key = `${method} ${path}`;
    switch (key) {
      case 'POST /signup':
        ctx.rateLimit('signup', req);
        return signup(ctx, req, res);
      case 'POST /token':
        return token(ctx, req, res, query);
      case 'POST /logout':
        return logout(ctx, req, res, query);
      case 'GET /user':
        return getUser(ctx, req, res);
      case 'PUT /user':
        return updateUser(ctx, req, res);
      case 'POST /recover':
        ctx.rateLimit('recover', req);
        return recover(ctx, req, res, query);
      case 'GET /verify':
        ctx.rateLimit('verify', req);
        return verifyGet(ctx, req, res, query);
      case 'POST /verify':
        ctx.rateLimit('verify', req);
        return verifyPost(ctx, req, res);
    }

    if (path === '/admin' || path.startsWith('/admin/')) {
      await requireAdmin(ctx, req);
      if (key === 'POST /admin/generate_link') return generateLink(ctx, req, res, query);
      if (key === 'GET /admin/users') return listUsers(ctx, res, query, apiExternalUrl);
      if (key === 'POST /admin/users') return createUser(ctx, req, res);
      const match = /^\/admin\/users\/([^/]+)$/.exec(path);
      if (match) {
        const id = decodeURIComponent(match[1]!);
        if (method === 'GET') return getUserById(ctx, res, id);
        if (method === 'PUT') return updateUserById(ctx, req, res, id);
        if (method === 'DELETE') return deleteUserById(ctx, req, res, id);
      }
    }

    const known = ['/signup', '/token', '/logout', '/user', '/recover', '/verify', '/admin/users', '/admin/generate_link'];
    if (known.includes(path) || /^\/admin\/users\/[^/]+$/.test(path)) {
      throw new AuthError(405, 'method_not_allowed', `Method ${method} is not allowed on ${path}`);
    }
    throw new AuthError(404, 'not_found', `The local Auth service has no endpoint ${method} ${path}`);
  }

  return {
    async handle(req, res) {
      try {
        await route(req, res);
      } catch (error) {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        // Whatever the handler did not read would otherwise stall the keep-alive connection.
        req.resume();
        sendError(req, res, error);
      }
    },
    async close() {
      await pool.end();
    },
  };
}
