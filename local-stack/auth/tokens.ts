/**
 * Access tokens (HS256 JWTs with exactly GoTrue's claims, docs/supabase-http-api.md §A.6), opaque refresh tokens,
 * one-time codes and their hashes (`internal/crypto/crypto.go`), and PKCE challenges.
 */
import crypto from 'node:crypto';
import { jwtErrors, signHs256, verifyHs256, type JWTPayload } from '../jwt.ts';

export const accessTokenLifetimeSeconds = 3600;

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessTokenInput {
  issuer: string;
  userId: string;
  audience: string;
  role: string;
  email: string;
  phone: string;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  sessionId: string;
  amr: AmrEntry[];
  isAnonymous: boolean;
  issuedAt: number;
}

/** The claims in the order GoTrue's AccessTokenClaims marshals them. */
export function accessTokenClaims(input: AccessTokenInput): JWTPayload {
  return {
    iss: input.issuer,
    sub: input.userId,
    // A plain string: GoTrue sets jwt.MarshalSingleStringAsArray = false.
    aud: input.audience,
    exp: input.issuedAt + accessTokenLifetimeSeconds,
    iat: input.issuedAt,
    email: input.email,
    phone: input.phone,
    app_metadata: input.appMetadata,
    user_metadata: input.userMetadata,
    role: input.role,
    aal: 'aal1',
    amr: input.amr,
    session_id: input.sessionId,
    is_anonymous: input.isAnonymous,
  };
}

export async function signAccessToken(claims: JWTPayload, secret: string): Promise<string> {
  return signHs256(claims, secret);
}

export interface VerifiedClaims extends JWTPayload {
  role?: string;
  session_id?: string;
  email?: string;
  is_anonymous?: boolean;
}

/** Verifies an HS256 token; throws an Error whose message reads like golang-jwt's. */
export async function verifyAccessToken(token: string, secret: string): Promise<VerifiedClaims> {
  try {
    return (await verifyHs256(token, secret)) as VerifiedClaims;
  } catch (error) {
    if (error instanceof jwtErrors.JWTExpired) throw new Error('token has invalid claims: token is expired');
    if (error instanceof jwtErrors.JWSSignatureVerificationFailed) throw new Error('token signature is invalid: signature is invalid');
    if (error instanceof jwtErrors.JWTClaimValidationFailed) throw new Error(`token has invalid claims: ${error.message}`);
    throw new Error('token is malformed: could not parse the token');
  }
}

const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** crypto.SecureAlphanumeric(12): GoTrue's legacy refresh-token format. */
export function newRefreshToken(length = 12): string {
  let token = '';
  while (token.length < length) {
    const byte = crypto.randomBytes(1)[0]!;
    // Rejection sampling keeps every character equally likely.
    if (byte < 248) token += alphanumerics[byte % alphanumerics.length];
  }
  return token;
}

/** crypto.GenerateOtp: a zero-padded numeric code. */
export function newOtp(length = 6): string {
  return String(crypto.randomInt(0, 10 ** length)).padStart(length, '0');
}

/** crypto.GenerateTokenHash: hex SHA-224 of email (or phone) followed by the OTP. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return crypto
    .createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

/** PKCE: does the verifier match the stored challenge? */
export function pkceMatches(verifier: string, challenge: string, method: string): boolean {
  if (method === 'plain') return verifier === challenge;
  const computed = crypto.createHash('sha256').update(verifier).digest('base64url');
  return computed === challenge;
}
