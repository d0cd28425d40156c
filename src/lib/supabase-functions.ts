/**
 * Supabase Edge Functions (Checkout, the billing portal, invitations, machine translation), loaded when one is first
 * called. Requests carry the signed-in user's token, as supabase-js's do.
 */
import { FunctionsClient } from '@supabase/functions-js';
import { authorizedFetch, serviceUrl } from './supabase';

export const functions = new FunctionsClient(serviceUrl('functions/v1'), { customFetch: authorizedFetch });
