/**
 * The public pages that are made into HTML at build time, one file per page and language
 * (`/pages/<language>/<name>.html`), and how a request path maps to one of them. Shared by the build
 * (prerender.config.ts), the servers (`vite preview`, and the rules production hosting copies), the service worker
 * and the app's entry, so free of React and i18next.
 */
import { supportedLanguages, type Language } from '../../lib/languages.ts';

export interface PublicPage {
  /** File name of its HTML (`/pages/<language>/<name>.html`). */
  name: string;
  /** The route it is served for; `null` for the 404 page, served for every path the app does not know. */
  path: string | null;
  /** Its component module (as the router imports it), so the build can preload its chunk. */
  module: string;
}

export const publicPages: readonly PublicPage[] = [
  { name: 'landing', path: '/', module: 'src/features/marketing/components/landing-page.tsx' },
  { name: 'qrinfo', path: '/QRinfo', module: 'src/features/marketing/components/qr-info-page.tsx' },
  { name: 'faq', path: '/faq', module: 'src/features/marketing/components/faq-page.tsx' },
  { name: 'privacy', path: '/privacy', module: 'src/features/marketing/components/privacy-page.tsx' },
  { name: 'contact', path: '/contact', module: 'src/features/marketing/components/contact-page.tsx' },
  { name: 'login', path: '/login', module: 'src/features/auth/components/login-page.tsx' },
  { name: 'register', path: '/register', module: 'src/features/auth/components/register-page.tsx' },
  { name: 'forgot-password', path: '/forgot-password', module: 'src/features/auth/components/forgot-password-page.tsx' },
  { name: '404', path: null, module: 'src/features/marketing/components/not-found-page.tsx' },
];

export const notFoundPage = publicPages.find((page) => page.path === null)!;

/**
 * Signed-in screens the client renders itself, but whose HTML the build still makes per language: the app shell
 * (index.html) plus preloads for the screen's chunks and strings, so they download alongside the app's own code
 * instead of one after another once it runs.
 */
export interface AppShellPage {
  name: string;
  path: string;
  /** The lazily imported modules the screen renders (as src/app/router.tsx and the navbar import them). */
  modules: readonly string[];
  /** The i18n namespaces it reads. */
  namespaces: readonly string[];
  /** Whether its HTML carries the screen made with stand-in values (src/first-paint/dashboard/template.ts). */
  paintsFromTemplate?: true;
}

export const appShellPages: readonly AppShellPage[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    modules: ['src/app/layouts/dashboard-layout.tsx', 'src/features/properties/components/property-list-page.tsx', 'src/app/layouts/signed-in-items.tsx'],
    // auth: the session's error messages (useAuth) are read on every signed-in screen.
    namespaces: ['common', 'auth', 'properties'],
    paintsFromTemplate: true,
  },
];

/**
 * Paths the client renders itself (signed-in screens, the reset-password landing that reads the URL's tokens) and
 * the guest guide with its own entry: never a prerendered page, never the 404 page.
 */
const appOnlyPaths = [/^\/dashboard(\/|$)/, /^\/reset-password\/?$/, /^\/guide(\/|$)/];

/** The prerendered page for a request path: its own page, the 404 page for unknown paths, null for app routes. */
export function publicPageFor(pathname: string): PublicPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // The router matches paths case-insensitively (/qrinfo shows the article), so the server does too.
  const own = publicPages.find((page) => page.path !== null && page.path.toLowerCase() === path.toLowerCase());
  if (own) return own;
  if (appOnlyPaths.some((pattern) => pattern.test(path))) return null;
  // A file (`/robots.txt`, `/assets/x.js`) is the server's business, not a page.
  if (/\.[a-z0-9]+$/i.test(path)) return null;
  return notFoundPage;
}

export function prerenderedFile(page: { name: string }, language: Language): string {
  return `/pages/${language}/${page.name}.html`;
}

export const prerenderedLanguages: readonly Language[] = supportedLanguages;

/** 'de-CH,de;q=0.9,en;q=0.8' → the first supported language in the visitor's order of preference, else null. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split(/[-_]/)[0] as Language;
    if ((supportedLanguages as readonly string[]).includes(base)) return base;
  }
  return null;
}

/** Screens rendered by the client whose HTML (the app shell) the service worker keeps under their path too. */
export const appShellPaths: readonly string[] = appShellPages.map((page) => page.path);

/** The app shell page for exactly this path (`/dashboard`, `/dashboard/`), else null. */
export function appShellPageFor(pathname: string): AppShellPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return appShellPages.find((page) => page.path === path) ?? null;
}
/** Under which URL the service worker keeps the page for `path` (null: not kept). */
export function pageCacheKey(path: string): string | null {
  const shell = appShellPageFor(path);
  if (shell) return shell.path;
  const page = publicPageFor(path);
  if (!page) return null;
  return page.path ?? `/pages/${page.name}`;
}
