/**
 * Where Stripe may send the browser back to. Only the app's own origins (`SITE_URL`, comma-separated)
 * are allowed, so nobody can use our checkout to bounce users to a foreign site.
 */
import { HttpError } from './errors.ts';
import { getEnv } from './env.ts';

export function allowedOrigins(): string[] {
  return (getEnv('SITE_URL') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .flatMap((entry) => {
      try {
        return [new URL(entry).origin];
      } catch {
        return [];
      }
    });
}

/** The request's Origin if it is allowed; the first allowed origin when the caller sent none (a server). */
export function returnOrigin(request: Request): string {
  const allowed = allowedOrigins();
  const origin = request.headers.get('Origin');
  if (origin === null || origin === '') {
    if (allowed[0]) return allowed[0];
    throw new HttpError(500, 'site_url_missing', 'SITE_URL is not configured.');
  }
  let normalized: string;
  try {
    normalized = new URL(origin).origin;
  } catch {
    throw new HttpError(400, 'origin_not_allowed', `The origin ${origin} is not allowed to start a checkout.`);
  }
  if (!allowed.includes(normalized)) {
    throw new HttpError(400, 'origin_not_allowed', `The origin ${normalized} is not allowed to start a checkout.`);
  }
  return normalized;
}
