/**
 * `supabase/config.toml` (the Supabase CLI's format) as the local stack reads it: per-function `verify_jwt`
 * and `enabled`, and Auth's `[auth.rate_limit]`. Keys the file leaves out take the CLI's defaults, so the
 * stack behaves as `supabase start` does with the same file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { projectRoot } from './config.ts';

export const configTomlPath = path.join(projectRoot, 'supabase', 'config.toml');

type Table = Record<string, unknown>;

function table(value: unknown): Table {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Table) : {};
}

/** The parsed file; an absent or unreadable file reads as empty (every default applies). */
export function readSupabaseConfig(file = configTomlPath): Table {
  try {
    return parseSupabaseConfig(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}

export function parseSupabaseConfig(toml: string): Table {
  return parse(toml) as Table;
}

export interface FunctionSettings {
  /** Defaults to true, as in the CLI (`apps/cli-go/pkg/config/config.go`). */
  verifyJwt: boolean;
  enabled: boolean;
}

export function functionSettings(config: Table): Map<string, FunctionSettings> {
  const settings = new Map<string, FunctionSettings>();
  for (const [name, raw] of Object.entries(table(config.functions))) {
    const entry = table(raw);
    settings.set(name, { verifyJwt: entry.verify_jwt !== false, enabled: entry.enabled !== false });
  }
  return settings;
}

/**
 * `[auth.rate_limit]`, with the CLI's defaults. Each number is a rate; what it limits follows GoTrue
 * (`internal/api/apilimiter`), which the CLI feeds through these environment variables:
 * - `sign_in_sign_ups` (GOTRUE_RATE_LIMIT_OTP): sign-ups, recovery emails, PUT /user, per 5 minutes per address;
 * - `token_refresh` (GOTRUE_RATE_LIMIT_TOKEN_REFRESH): every POST /token grant (password and refresh), per 5 minutes per address;
 * - `token_verifications` (GOTRUE_RATE_LIMIT_VERIFY): GET and POST /verify, per 5 minutes per address;
 * - `email_sent`: emails per hour for the whole project, only with a custom SMTP server (`[auth.email.smtp]`);
 *   with the local mail catcher the CLI lifts it, and so does the stack.
 */
export interface AuthRateLimits {
  emailSent: number;
  signInSignUps: number;
  tokenRefresh: number;
  tokenVerifications: number;
  anonymousUsers: number;
  smsSent: number;
  web3: number;
}

export const cliAuthRateLimits: AuthRateLimits = {
  emailSent: 2,
  signInSignUps: 30,
  tokenRefresh: 150,
  tokenVerifications: 30,
  anonymousUsers: 30,
  smsSent: 30,
  web3: 30,
};

export function authRateLimits(config: Table): AuthRateLimits {
  const section = table(table(config.auth).rate_limit);
  const read = (key: string, fallback: number): number => {
    const value = section[key];
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return {
    emailSent: read('email_sent', cliAuthRateLimits.emailSent),
    signInSignUps: read('sign_in_sign_ups', cliAuthRateLimits.signInSignUps),
    tokenRefresh: read('token_refresh', cliAuthRateLimits.tokenRefresh),
    tokenVerifications: read('token_verifications', cliAuthRateLimits.tokenVerifications),
    anonymousUsers: read('anonymous_users', cliAuthRateLimits.anonymousUsers),
    smsSent: read('sms_sent', cliAuthRateLimits.smsSent),
    web3: read('web3', cliAuthRateLimits.web3),
  };
}
