/**
 * Client-side checks of the sign-in forms, worded in the user's language (the browser's own
 * validation bubbles follow the browser's language instead, so the forms use `noValidate`).
 * Results are `auth` namespace keys.
 */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const minimumPasswordLength = 6;

export function validateEmail(email: string): string | null {
  if (email.trim() === '') return 'validation.emailRequired';
  if (!emailPattern.test(email.trim())) return 'errors.invalidEmail';
  return null;
}

export function validatePassword(password: string): string | null {
  return password === '' ? 'validation.passwordRequired' : null;
}

export function validateNewPassword(password: string): string | null {
  if (password === '') return 'validation.passwordRequired';
  if (password.length < minimumPasswordLength) return 'errors.weakPassword';
  return null;
}
