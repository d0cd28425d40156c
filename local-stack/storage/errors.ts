/**
 * Supabase Storage's error bodies: `{statusCode: "<status as string>", code, error, message}`
 * with the quirk that the HTTP status is 400 for every error that is not a 500.
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';

export class StorageError extends Error {
  constructor(
    /** The "real" status, sent only in the body's `statusCode`. */
    readonly statusCode: number,
    readonly code: string,
    readonly error: string,
    message: string,
    /** Fastify's own "route not found" keeps its real status; every StorageBackendError gets the 400 quirk. */
    private readonly keepHttpStatus = false,
  ) {
    super(message);
  }

  get httpStatus(): number {
    if (this.keepHttpStatus) return this.statusCode;
    return this.statusCode === 500 ? 500 : 400;
  }

  body(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const errors = {
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'not_found', 'Object not found'),
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  duplicate: () => new StorageError(409, 'ResourceAlreadyExists', 'Duplicate', 'The resource already exists'),
  accessDenied: (message = 'new row violates row-level security policy') => new StorageError(403, 'AccessDenied', 'Unauthorized', message),
  invalidMimeType: (mimeType: string) => new StorageError(415, 'InvalidMimeType', 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', 'Unauthorized', message),
  invalidSignature: () => new StorageError(400, 'InvalidSignature', 'Invalid Signature', 'The signature is invalid'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', 'Invalid Input', `Invalid key: ${key}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', 'Invalid Input', message),
  routeNotFound: (method: string, url: string) => new StorageError(404, 'NotFound', 'Not Found', `Route ${method}:${url} not found`, true),
  internal: (message: string) => new StorageError(500, 'InternalError', 'Internal Server Error', message),
};

/** Postgres errors from the caller-role statements, mapped the way Storage maps them (storage/database/errors.ts). */
export function fromDatabaseError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  const pgError = error as { code?: string; message?: string };
  switch (pgError.code) {
    case '42501':
      return errors.accessDenied(pgError.message?.startsWith('new row violates') ? 'new row violates row-level security policy' : pgError.message);
    case '23505':
      return errors.duplicate();
    case '23503':
      return errors.noSuchBucket();
    // Input the database cannot read, such as a signed token whose `sub` is not a uuid (auth.uid() casts it).
    case '22P02':
      return errors.invalidRequest(pgError.message ?? 'invalid input');
    default:
      return errors.internal(pgError.message ?? String(error));
  }
}

export function sendStorageError(res: ServerResponse, error: StorageError): void {
  sendJson(res, error.httpStatus, error.body());
}
