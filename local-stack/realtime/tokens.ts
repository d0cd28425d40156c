/**
 * The tokens Realtime accepts, checked and worded as Supabase's Realtime does (docs/realtime.md §1, §3): a JWT
 * signed with the project's secret that carries `role` and `exp`.
 */
import { jwtErrors, verifyHs256 } from '../jwt.ts';

export type TokenCheck = { ok: true; claims: Record<string, unknown>; role: string; expiresAt: number } | { ok: false; reason: string };

export async function checkToken(token: string, secret: string): Promise<TokenCheck> {
  try {
    const claims = (await verifyHs256(token, secret)) as Record<string, unknown>;
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number')
      return { ok: false, reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' };
    // Copied onto a plain object: the claims go to PostgreSQL as `request.jwt.claims`.
    return { ok: true, claims: { ...claims }, role: claims.role, expiresAt: claims.exp * 1000 };
  } catch (error) {
    if (error instanceof jwtErrors.JWTExpired) {
      const exp = typeof error.payload.exp === 'number' ? error.payload.exp : Math.floor(Date.now() / 1000);
      return { ok: false, reason: `InvalidJWTToken: Token has expired ${Math.max(0, Math.floor(Date.now() / 1000) - exp)} seconds ago` };
    }
    return { ok: false, reason: 'InvalidJWTToken: Signature error' };
  }
}

/** Seconds since a token expired, for the message that ends a channel whose token ran out. */
export function expiredMessage(expiresAt: number): string {
  return `Token has expired ${Math.max(0, Math.floor((Date.now() - expiresAt) / 1000))} seconds ago`;
}
