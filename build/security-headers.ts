/**
 * The app's security headers, from one source for every way it is served:
 *
 * - a strict Content-Security-Policy: scripts only from the app's own origin plus the SHA-256 hashes of the
 *   inline scripts the built HTML files contain (found in the files themselves after the build, so a changed
 *   or added inline script is allowed without anyone editing a list), connections only to the app, the
 *   Supabase URL and the contact-form endpoint the build was made for, and no framing;
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy` and `X-Frame-Options`.
 *
 * The build writes them as the static hosts read them (`dist/_headers` for Netlify and Cloudflare Pages,
 * `dist/vercel.json`, `dist/netlify.toml`); `vite preview` (`npm start -- --prod`) serves `dist/_headers`,
 * so the local production build answers exactly as a deployment does. guide.html also carries the policy in
 * a `<meta>` element, because the service worker renders saved guides into a response of its own.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { stringify as stringifyToml } from 'smol-toml';
import type { Plugin } from 'vite';
import { localContactFormEndpoint, localSupabaseUrl } from '../src/lib/env-defaults.ts';

export interface PolicyInputs {
  supabaseUrl: string;
  contactFormEndpoint: string;
  /** CSP hash sources of the inline scripts, e.g. `'sha256-…'`. */
  scriptHashes: string[];
}

/** Script types a browser executes (and CSP therefore governs); data blocks such as JSON are not scripts. */
const executableTypes = new Set(['', 'text/javascript', 'application/javascript', 'module', 'importmap', 'speculationrules']);

/** The CSP hash source of every inline script in `html` that a browser would run, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1]!;
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
    const scriptType = (type?.[1] ?? type?.[2] ?? type?.[3] ?? '').trim().toLowerCase();
    if (!executableTypes.has(scriptType)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function origin(url: string): string {
  return new URL(url).origin;
}

/** Directive name → sources. `frame-ancestors` only works as a header, so the `<meta>` form leaves it out. */
export function contentSecurityPolicy(inputs: PolicyInputs, delivery: 'header' | 'meta' = 'header'): string {
  const supabase = origin(inputs.supabaseUrl);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...new Set(inputs.scriptHashes)]],
    // Chakra (Emotion) and the guide's theme colours set styles at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Room photos and logos may be any https image a host links; the API's own files come from Supabase.
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', supabase]],
    ['font-src', ["'self'", 'data:']],
    // Realtime's WebSocket (wss:// on https, ws:// locally) is the API's origin under another scheme.
    ['connect-src', ["'self'", supabase, supabase.replace(/^http/, 'ws'), inputs.contactFormEndpoint]],
    // The guide links a per-room manifest as a data: URL so "Add to Home screen" reopens that room.
    ['manifest-src', ["'self'", 'data:']],
    ['worker-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives
    .filter(([name]) => delivery === 'header' || name !== 'frame-ancestors')
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

export function securityHeaders(inputs: PolicyInputs): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inputs),
    'X-Content-Type-Options': 'nosniff',
    // Guide URLs carry the room's id: other sites get only the origin.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
}

/** Netlify's and Cloudflare Pages' `_headers` file: one rule for every path. */
export function headersFile(headers: Record<string, string>): string {
  return `/*\n${Object.entries(headers)
    .map(([name, value]) => `  ${name}: ${value}`)
    .join('\n')}\n`;
}

/** Reads back a `_headers` file written by headersFile (what `vite preview` serves). */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s+([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
    if (match) headers[match[1]!] = match[2]!;
  }
  return headers;
}

export function vercelJson(headers: Record<string, string>): string {
  return `${JSON.stringify({ headers: [{ source: '/(.*)', headers: Object.entries(headers).map(([key, value]) => ({ key, value })) }] }, null, 2)}\n`;
}

export function netlifyToml(headers: Record<string, string>): string {
  return stringifyToml({ headers: [{ for: '/*', values: headers }] });
}

function htmlFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `_headers`, `vercel.json` and `netlify.toml` into `outDir` for the HTML files it holds now. Anything
 * that adds or changes HTML after the Vite build must call this again.
 */
export function writeSecurityHeaderFiles(outDir: string, endpoints: Omit<PolicyInputs, 'scriptHashes'>): Record<string, string> {
  const scriptHashes = htmlFiles(outDir).flatMap((file) => inlineScriptHashes(fs.readFileSync(file, 'utf8')));
  const headers = securityHeaders({ ...endpoints, scriptHashes: [...new Set(scriptHashes)].sort() });
  fs.writeFileSync(path.join(outDir, '_headers'), headersFile(headers));
  fs.writeFileSync(path.join(outDir, 'vercel.json'), vercelJson(headers));
  fs.writeFileSync(path.join(outDir, 'netlify.toml'), netlifyToml(headers));
  return headers;
}

/** Adds the policy as a `<meta>` element first in <head> (before any script it governs). */
export function withMetaPolicy(html: string, endpoints: Omit<PolicyInputs, 'scriptHashes'>): string {
  const policy = contentSecurityPolicy({ ...endpoints, scriptHashes: inlineScriptHashes(html) }, 'meta');
  return html.replace(/<head([^>]*)>/i, (head) => `${head}\n    <meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}" />`);
}

/** HTML files that get the `<meta>` policy as well: those the service worker builds responses from. */
const metaPolicyFiles = new Set(['guide.html']);

export function securityHeadersPlugin(): Plugin {
  let outDir = 'dist';
  let endpoints: Omit<PolicyInputs, 'scriptHashes'> = { supabaseUrl: localSupabaseUrl, contactFormEndpoint: localContactFormEndpoint };
  return {
    name: 'roomguide:security-headers',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      const value = (name: string, fallback: string) => (config.env[name]?.trim() ? config.env[name].trim() : fallback);
      endpoints = {
        supabaseUrl: value('VITE_SUPABASE_URL', localSupabaseUrl),
        contactFormEndpoint: value('VITE_CONTACT_FORM_ENDPOINT', localContactFormEndpoint),
      };
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'asset' || !metaPolicyFiles.has(output.fileName) || typeof output.source !== 'string') continue;
          output.source = withMetaPolicy(output.source, endpoints);
        }
      },
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (fs.existsSync(outDir)) writeSecurityHeaderFiles(outDir, endpoints);
      },
    },
    configurePreviewServer(server) {
      const file = path.join(path.resolve(server.config.root, server.config.build.outDir), '_headers');
      const headers = fs.existsSync(file) ? parseHeadersFile(fs.readFileSync(file, 'utf8')) : {};
      server.middlewares.use((_req, res, next) => {
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        next();
      });
    },
  };
}
