/**
 * Keys of the local Stripe stand-in. They are test-mode-shaped placeholders, not secrets: the stack hands
 * them to the Edge Functions (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE) so the same
 * function code that talks to real Stripe with the keys from `.env` talks to the stand-in offline.
 */
export const localStripeSecretKey = 'sk_test_roomguide_local_stand_in';
export const localStripeWebhookSecret = 'whsec_roomguide_local_stand_in_webhook_secret';

/** Stripe's API version string for the pinned SDK (stripe@23.1.0, `apiVersion.ts`). */
export const stripeApiVersion = '2026-10-28.endive';

/** Env the Edge Functions need to use the stand-in mounted at `${gatewayUrl}/stripe`. */
export function stripeFunctionEnv(gatewayUrl: string): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: localStripeSecretKey,
    STRIPE_WEBHOOK_SECRET: localStripeWebhookSecret,
    STRIPE_API_BASE: `${gatewayUrl}/stripe`,
  };
}
