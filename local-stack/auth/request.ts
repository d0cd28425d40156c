/**
 * Reading requests the way GoTrue does: JSON bodies decoded into typed parameter structs (a wrong type or
 * broken JSON is `400 bad_json "Could not parse request body as JSON: …"`), Bearer tokens, client info.
 */
import type { IncomingMessage } from 'node:http';
import { BodyTooLargeError, jsonBodyLimit, readText } from '../http.ts';
import { emptyRecord, parseUntrustedJson } from '../untrusted-input.ts';
import { AuthError, badRequest } from './errors.ts';

/** The body as text; over the cap, GoTrue's 413 (the gateway's callers get it before anything is parsed). */
export async function readBody(req: IncomingMessage): Promise<string> {
  try {
    return await readText(req, jsonBodyLimit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new AuthError(413, 'request_entity_too_large', `Request body too large (max ${error.limit} bytes)`);
    }
    throw error;
  }
}

const badJson = (detail: string): AuthError => badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);

/** A decoded JSON object body with typed accessors that fail like Go's json.Unmarshal into a struct. */
export class JsonParams {
  constructor(
    private readonly body: Record<string, unknown>,
    private readonly structName: string,
  ) {}

  static async read(req: IncomingMessage, structName: string, { allowEmpty = false } = {}): Promise<JsonParams> {
    const text = await readBody(req);
    if (text.trim() === '' && allowEmpty) return new JsonParams(emptyRecord(), structName);
    let parsed: unknown;
    try {
      parsed = parseUntrustedJson(text);
    } catch (error) {
      throw badJson(text.trim() === '' ? 'unexpected end of JSON input' : (error as Error).message);
    }
    if (parsed === null) return new JsonParams(emptyRecord(), structName);
    if (typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw badJson(`json: cannot unmarshal ${Array.isArray(parsed) ? 'array' : typeof parsed} into Go value of type api.${structName}`);
    }
    return new JsonParams(parsed as Record<string, unknown>, structName);
  }

  has(key: string): boolean {
    return Object.hasOwn(this.body, key) && this.body[key] !== null;
  }

  private typeError(key: string, value: unknown, wanted: string): AuthError {
    const actual = Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;
    return badJson(`json: cannot unmarshal ${actual} into Go struct field ${this.structName}.${key} of type ${wanted}`);
  }

  /** A string field; '' when absent or null. */
  string(key: string): string {
    const value = this.body[key];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') throw this.typeError(key, value, 'string');
    return value;
  }

  /** A `*string` field: undefined when absent or null. */
  optionalString(key: string): string | undefined {
    return this.has(key) ? this.string(key) : undefined;
  }

  boolean(key: string): boolean {
    const value = this.body[key];
    if (value === undefined || value === null) return false;
    if (typeof value !== 'boolean') throw this.typeError(key, value, 'bool');
    return value;
  }

  /** A `map[string]interface{}` field: undefined when absent or null. */
  object(key: string): Record<string, unknown> | undefined {
    const value = this.body[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw this.typeError(key, value, 'map[string]interface {}');
    return value as Record<string, unknown>;
  }
}

/** GoTrue's bearerRegexp: `Bearer <token>`, case-insensitive. */
export function bearerToken(req: IncomingMessage): string | null {
  const match = /^bearer (\S+)$/i.exec(req.headers.authorization ?? '');
  return match ? match[1]! : null;
}

export function clientInfo(req: IncomingMessage): { userAgent: string | null; ip: string | null } {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  const ip = first || req.socket.remoteAddress || null;
  return { userAgent: req.headers['user-agent'] ?? null, ip: ip?.replace(/^::ffff:/, '') ?? null };
}

/** Go's url.QueryEscape (space → '+', and !'()* escaped, unlike encodeURIComponent). */
export function goQueryEscape(value: string): string {
  return encodeURIComponent(value)
    .replace(/%20/g, '+')
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Go's url.Values.Encode: keys sorted, values query-escaped. */
export function goValuesEncode(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((key) => `${goQueryEscape(key)}=${goQueryEscape(values[key]!)}`)
    .join('&');
}
