/**
 * Error responses of the billing functions: `{ code, message }` with the CORS headers. `code` is stable
 * (the app translates it into the user's language); `message` is a clear English sentence for logs,
 * curl users and Stripe's dashboard.
 */
import { jsonResponse } from './cors.ts';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse(status, { code, message });
}

/** An HttpError becomes its own response; anything else is a 500 whose details stay in the log. */
export function responseForError(error: unknown, context: string): Response {
  if (error instanceof HttpError) return errorResponse(error.status, error.code, error.message);
  console.error(`[${context}]`, error);
  return errorResponse(500, 'internal_error', 'Something went wrong on our side. Please try again.');
}

/** Reads a JSON object body or throws a 400 that says what was wrong. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body must be a JSON object.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_json', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}
