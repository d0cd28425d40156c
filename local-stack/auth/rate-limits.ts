/**
 * GoTrue's per-address rate limits (`internal/api/apilimiter`, tollbooth token buckets): each limiter keeps
 * one bucket per client address holding at most `burst` requests (30, GoTrue's fixed burst) and refilling at
 * the configured number per 5 minutes; a request finding the bucket empty gets
 * `429 over_request_rate_limit "Request rate limit reached"` and takes nothing from it. The address is the
 * first value of X-Forwarded-For, which the gateway sets from the connection (GoTrue's
 * GOTRUE_RATE_LIMIT_HEADER, as hosted projects run it); without it GoTrue applies no limit, and neither does
 * this service.
 */
import type { IncomingMessage } from 'node:http';
import type { AuthRateLimits } from '../supabase-config.ts';
import { tooManyRequests } from './errors.ts';

/** Which GoTrue limiter guards an endpoint. */
export type LimitedOperation = 'signup' | 'recover' | 'user' | 'token' | 'verify';

const burst = 30;
const fiveMinutes = 5 * 60;

export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    /** Tokens added per second. */
    private readonly refillPerSecond: number,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; false (and nothing taken) when none is left. */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(this.capacity, bucket.tokens + ((now - bucket.at) / 1000) * this.refillPerSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(now);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Buckets that have refilled completely say nothing a fresh one would not (GoTrue lets them expire too). */
  private forgetFull(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.refillPerSecond >= this.capacity) this.buckets.delete(key);
    }
  }
}

export type RateLimiter = (operation: LimitedOperation, req: IncomingMessage) => void;

export function createRateLimiter(limits: AuthRateLimits, now: () => number = Date.now): RateLimiter {
  const per5Minutes = (rate: number) => new TokenBuckets(rate / fiveMinutes, burst, now);
  const limiters: Record<LimitedOperation, TokenBuckets> = {
    // GOTRUE_RATE_LIMIT_OTP (config.toml sign_in_sign_ups) feeds these three, one bucket set each.
    signup: per5Minutes(limits.signInSignUps),
    recover: per5Minutes(limits.signInSignUps),
    user: per5Minutes(limits.signInSignUps),
    // GOTRUE_RATE_LIMIT_TOKEN_REFRESH: every /token grant, the password one included.
    token: per5Minutes(limits.tokenRefresh),
    verify: per5Minutes(limits.tokenVerifications),
  };
  return (operation, req) => {
    const forwarded = req.headers['x-forwarded-for'];
    const address = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (!address) return;
    if (!limiters[operation].take(address)) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  };
}
