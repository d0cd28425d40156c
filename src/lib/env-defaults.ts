/**
 * Where the app talks to when the build sets no `VITE_*` variables: the local stack's gateway and its form
 * sink. Shared by the app (env.ts) and the build's security headers (build/security-headers.ts), whose CSP
 * must allow exactly these.
 */
export const localSupabaseUrl = 'http://127.0.0.1:54321';
export const localContactFormEndpoint = `${localSupabaseUrl}/form-sink/f/contact`;
