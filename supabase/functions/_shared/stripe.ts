/**
 * The one Stripe client factory. With `STRIPE_API_BASE` set (the local stack does that) requests go to
 * the offline stand-in at that URL; without it, to api.stripe.com with the key from the environment.
 * The fetch-based HTTP client and Web Crypto provider work the same under Deno and Node.
 */
import Stripe from 'stripe';
import { getEnv, requireEnv } from './env.ts';

export { Stripe };

export function createStripeClient(): Stripe {
  const secretKey = requireEnv('STRIPE_SECRET_KEY');
  const apiBase = getEnv('STRIPE_API_BASE');
  if (!apiBase) {
    return new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2 });
  }
  const base = new URL(apiBase);
  const prefix = base.pathname.replace(/\/$/, '');
  // The SDK only knows host/port/protocol; the stand-in lives under a path (`/stripe`) on the gateway, so
  // the fetch it uses prefixes that path to every `/v1/...` request.
  const fetchUnderPrefix: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    url.pathname = `${prefix}${url.pathname}`;
    return fetch(url, init);
  };
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === 'https:' ? 443 : 80),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
    httpClient: Stripe.createFetchHttpClient(fetchUnderPrefix),
    maxNetworkRetries: 2,
  });
}

export const webCryptoProvider = Stripe.createSubtleCryptoProvider();
