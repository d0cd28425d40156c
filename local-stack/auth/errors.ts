/**
 * GoTrue's error bodies (docs/supabase-http-api.md §A.3, supabase/auth `internal/api/errors.go`).
 *
 * GoTrue answers `{code: "<error_code>", message}` when the request carries `X-Supabase-Api-Version` ≥
 * 2024-01-01 (and echoes that header), else the legacy `{code: <status>, error_code, msg}`. The stand-in
 * always sends both spellings (`code` follows the version, `error_code`, `msg` and `message` are always
 * there) so that every auth-js version reads the same code and message. OAuth-style errors
 * (`{error, error_description}`) are a separate shape, as in GoTrue.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level body fields, e.g. `weak_password: {reasons}`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** `{error, error_description}` with status 400, as GoTrue's OAuthError. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(`${error}: ${description}`);
  }
}

export const badRequest = (code: string, message: string): AuthError => new AuthError(400, code, message);
export const unauthorized = (code: string, message: string): AuthError => new AuthError(401, code, message);
export const forbidden = (code: string, message: string): AuthError => new AuthError(403, code, message);
export const notFound = (code: string, message: string): AuthError => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string): AuthError => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string): AuthError => new AuthError(429, code, message);
export const internal = (message: string): AuthError => new AuthError(500, 'unexpected_failure', message);
export const validationFailed = (message: string): AuthError => badRequest('validation_failed', message);

export function weakPassword(message: string, reasons: string[]): AuthError {
  return new AuthError(422, 'weak_password', message, { weak_password: { reasons } });
}

/** The API version the request asked for: '2024-01-01' for any date on or after it, null otherwise (GoTrue apiversions.go). */
export function requestedApiVersion(header: string | string[] | undefined): '2024-01-01' | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const parsed = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(parsed)) return null;
  return parsed >= Date.UTC(2024, 0, 1) ? '2024-01-01' : null;
}

/** The JSON body GoTrue would send for this error, given the requested API version. */
export function errorBody(error: AuthError, apiVersion: string | null): Record<string, unknown> {
  return {
    code: apiVersion ? error.code : error.status,
    error_code: error.code,
    msg: error.message,
    message: error.message,
    ...error.extra,
  };
}

/** Sends any thrown value the way GoTrue's HandleResponseError would. */
export function sendError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const apiVersion = requestedApiVersion(req.headers['x-supabase-api-version']);
  const versionHeader: Record<string, string> = apiVersion ? { 'X-Supabase-Api-Version': apiVersion } : {};
  if (error instanceof OAuthError) {
    sendJson(res, 400, { error: error.error, error_description: error.description }, versionHeader);
    return;
  }
  const authError =
    error instanceof AuthError ? error : new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
  if (!(error instanceof AuthError) || authError.status >= 500) {
    console.error('[auth]', error);
  }
  sendJson(res, authError.status, errorBody(authError, apiVersion), { ...versionHeader, 'x-sb-error-code': authError.code });
}
