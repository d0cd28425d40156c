/**
 * POST { teamId? } (JWT required) → { url } of the Stripe Billing Portal for the team's customer (the caller's own
 * team without teamId), for the team's owners only, where the owner changes the number of rooms or cancels. The portal's "return" link leads back to the subscription page
 * on the caller's (allowed) origin.
 */
import { jsonResponse } from '../_shared/cors.ts';
import { findCustomerId } from '../_shared/customers.ts';
import { HttpError, readJsonObject } from '../_shared/errors.ts';
import { signedInPost } from '../_shared/signed-in-post.ts';
import { createStripeClient } from '../_shared/stripe.ts';
import { billingAccountFor } from '../_shared/team-billing.ts';

export const handler = signedInPost('create-portal-session', async ({ request, admin, user, origin }) => {
  const account = await billingAccountFor(admin, user.id, (await readJsonObject(request)).teamId);
  const customer = await findCustomerId(admin, account.userId);
  if (!customer) throw new HttpError(400, 'not_a_customer', 'You have no subscription to manage yet: choose a plan first.');
  const session = await createStripeClient().billingPortal.sessions.create({
    customer,
    // The marker makes the page re-read the plan a few times in case the portal's webhook lags behind.
    return_url: `${origin}/dashboard/subscription?portal=return`,
  });
  return jsonResponse(200, { url: session.url });
});
