/**
 * POST (JWT required) → { url } of the Stripe Billing Portal for the caller's customer, where the host
 * changes the number of rooms or cancels. The portal's "return" link leads back to the subscription page
 * on the caller's (allowed) origin.
 */
import { preflight, jsonResponse } from '../_shared/cors.ts';
import { findCustomerId } from '../_shared/customers.ts';
import { HttpError, responseForError } from '../_shared/errors.ts';
import { returnOrigin } from '../_shared/origin.ts';
import { createStripeClient } from '../_shared/stripe.ts';
import { createAdminClient, requireUser } from '../_shared/supabase.ts';

export async function handler(request: Request): Promise<Response> {
  const cors = preflight(request);
  if (cors) return cors;
  if (request.method !== 'POST') return jsonResponse(405, { code: 'method_not_allowed', message: 'Use POST.' });
  try {
    const admin = createAdminClient();
    const user = await requireUser(request, admin);
    const origin = returnOrigin(request);
    const customer = await findCustomerId(admin, user.id);
    if (!customer) throw new HttpError(400, 'not_a_customer', 'You have no subscription to manage yet: choose a plan first.');
    const session = await createStripeClient().billingPortal.sessions.create({
      customer,
      // The marker makes the page re-read the plan a few times in case the portal's webhook lags behind.
      return_url: `${origin}/dashboard/subscription?portal=return`,
    });
    return jsonResponse(200, { url: session.url });
  } catch (error) {
    return responseForError(error, 'create-portal-session');
  }
}
