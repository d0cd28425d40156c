import { FunctionsHttpError } from '@supabase/supabase-js';
import { BillingError } from '../types';

/** Turns a functions.invoke error into a BillingError with the function's `{ code, message }` when it sent one. */
export async function readFunctionError(error: unknown): Promise<BillingError> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    let body: unknown = null;
    try {
      body = await response.clone().json();
    } catch {
      body = await response.text().catch(() => null);
    }
    const record = typeof body === 'object' && body !== null ? (body as { code?: unknown; message?: unknown; msg?: unknown }) : {};
    const code = typeof record.code === 'string' ? record.code : `http_${response.status}`;
    const message = typeof record.message === 'string' ? record.message : typeof record.msg === 'string' ? record.msg : String(body ?? error.message);
    return new BillingError(code, message, response.status);
  }
  return new BillingError('network_error', error instanceof Error ? error.message : String(error), null);
}
