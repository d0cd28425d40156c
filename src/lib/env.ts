/**
 * The app's build-time configuration. Vite inlines `VITE_*` variables at build time; the defaults are
 * the local stack's gateway and the Supabase CLI's well-known local anon key, so `npm start` and
 * `supabase start` work without a `.env`.
 */
import { localContactFormEndpoint, localSupabaseUrl, siteUrlFrom } from './env-defaults';

const localAnonKey =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

function readEnv(name: string, fallback: string): string {
  const value = (import.meta.env as Record<string, string | undefined>)[name];
  return value && value.trim() !== '' ? value.trim() : fallback;
}

export const env = {
  supabaseUrl: readEnv('VITE_SUPABASE_URL', localSupabaseUrl),
  supabaseAnonKey: readEnv('VITE_SUPABASE_ANON_KEY', localAnonKey),
  contactFormEndpoint: readEnv('VITE_CONTACT_FORM_ENDPOINT', localContactFormEndpoint),
  /** The site's public origin, for absolute links made at build time (the landing page's demo QR code). */
  siteUrl: siteUrlFrom((import.meta.env as Record<string, string | undefined>).VITE_SITE_URL),
} as const;
