import { ENTRY_ATTRIBUTE } from '@/first-paint/contract';
/**
 * Names and helpers shared by the page and the service worker (src/sw.ts) for the guest's saved guides.
 * The page saves each guide it loads from the network here itself, because on a guest's very first visit the
 * service worker is not in control yet, so its runtime cache never saw that request.
 */

/** The guide's HTML shell, as built: what the server sends for /guide/<id> and the service worker precaches. */
export const GUIDE_SHELL_URL = '/guide.html';
/** Set on every saved copy; present on a response only when it came from the saved copy, not the network. */
export const SAVED_AT_HEADER = 'x-roomguide-saved-at';

/**
 * The security headers a saved guide page is stored with, so the page the service worker or Chromium's static
 * routing serves from Cache Storage is protected like the network's copy (build/security-headers.ts; the security
 * suite's saved-page-framing test compares the two). The rest of the policy travels inside the page: guide.html
 * carries it in a `<meta>` element, which cannot forbid framing, so `frame-ancestors` comes as a header here.
 */
export const SAVED_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

export async function stampSavedCopy(response: Response, savedAt = new Date()): Promise<Response> {
  const headers = new Headers();
  headers.set('content-type', response.headers.get('content-type') ?? 'application/json');
  headers.set(SAVED_AT_HEADER, savedAt.toISOString());
  return new Response(await response.clone().arrayBuffer(), { status: response.status, statusText: response.statusText, headers });
}

export function savedAtOf(response: Response): Date | null {
  const value = response.headers.get(SAVED_AT_HEADER);
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** The entry script a guide page loads: a saved page made by an older build names a file the new one lacks. */
export function entryScriptOf(html: string): string | null {
  return new RegExp(`<link [^>]*href="([^"]+)"[^>]* ${ENTRY_ATTRIBUTE}>`).exec(html)?.[1] ?? null;
}
