/**
 * Where the app talks to when the build sets no `VITE_*` variables: the local stack's gateway and its form
 * sink. Shared by the app (env.ts) and the build's security headers (build/security-headers.ts), whose CSP
 * must allow exactly these; the site's address also by the build's demo QR code (build/demo-guide-qr.ts).
 */
export const localSupabaseUrl = 'http://127.0.0.1:54321';
export const localContactFormEndpoint = `${localSupabaseUrl}/form-sink/f/contact`;

/** VITE_SITE_URL as the app and the build use it: trimmed, without a trailing slash; the dev server's when unset. */
export function siteUrlFrom(value: string | undefined): string {
  return (value && value.trim() !== '' ? value.trim() : 'http://localhost:5173').replace(/\/+$/, '');
}
