/**
 * Password rules and hashes as GoTrue has them (`internal/api/password.go`, `internal/crypto/password.go`):
 * at most 72 bytes (bcrypt's limit), at least `minimumLength` characters, bcrypt cost 10 with the `$2a$`
 * prefix Go's bcrypt writes, so hashes move freely between this stand-in, pgcrypto's crypt() and GoTrue.
 */
import bcrypt from 'bcryptjs';
import { validationFailed, weakPassword, type AuthError } from './errors.ts';

export const maxPasswordLength = 72;
const bcryptCost = 10;

/** The error GoTrue gives for this password, or null when it is acceptable. */
export function passwordStrengthError(password: string, minimumLength: number): AuthError | null {
  if (Buffer.byteLength(password) > maxPasswordLength) {
    return validationFailed(`Password cannot be longer than ${maxPasswordLength} characters`);
  }
  // GoTrue counts bytes here too (Go's len()); for the ASCII passwords people type this is the same.
  if (Buffer.byteLength(password) < minimumLength) {
    return weakPassword(`Password should be at least ${minimumLength} characters.`, ['length']);
  }
  return null;
}

export async function hashPassword(password: string): Promise<string> {
  // bcryptjs writes $2b$; $2a$ and $2b$ hash identically for passwords under 255 bytes, and $2a$ is what
  // GoTrue (golang.org/x/crypto/bcrypt) stores.
  const salt = (await bcrypt.genSalt(bcryptCost)).replace(/^\$2b\$/, '$2a$');
  return bcrypt.hash(password, salt);
}

export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}
