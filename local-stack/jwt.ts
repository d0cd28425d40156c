/**
 * HS256 JWTs, the only kind the local stack signs or accepts (the Supabase CLI's legacy JWT secret): Auth's
 * access tokens, the gateway's and the functions router's key checks, Storage's callers and signed URLs.
 * Each caller words failures the way the service it stands in for does.
 */
import crypto from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { withoutPrototype } from './untrusted-input.ts';

export { errors as jwtErrors, type JWTPayload };

/** A Node KeyObject (not a Uint8Array, which jose rejects when it comes from another realm, e.g. jsdom). */
function key(secret: string): crypto.KeyObject {
  return crypto.createSecretKey(Buffer.from(secret, 'utf8'));
}

export async function signHs256(claims: JWTPayload, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
}

/**
 * The verified claims, without a prototype so that a claim the token lacks (say `role`) reads as undefined
 * whatever else happened in the process; throws jose's errors (JWTExpired, JWSSignatureVerificationFailed, …)
 * otherwise.
 */
export async function verifyHs256(token: string, secret: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
  return withoutPrototype(payload);
}
