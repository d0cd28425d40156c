/** Stripe's error answers: `{error: {type, message, code?, doc_url?, param?}}` with Stripe's response headers. */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { stripeApiVersion } from './config.ts';

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'api_error' | 'authentication_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** A JSON answer with the headers Stripe's API sends on every response. */
export function sendStripeJson(res: ServerResponse, status: number, body: unknown): void {
  sendJson(res, status, body, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomBytes(7).toString('hex')}`,
    'Stripe-Version': stripeApiVersion,
    'Cache-Control': 'no-cache, no-store',
  });
}

export function sendStripeError(res: ServerResponse, error: StripeApiError): void {
  sendStripeJson(res, error.status, {
    error: {
      type: error.type,
      message: error.message,
      ...(error.code ? { code: error.code, doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` } : {}),
      ...(error.param ? { param: error.param } : {}),
    },
  });
}
