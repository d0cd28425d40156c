/**
 * The public pages as HTML made at build time, and how a server hands them out.
 *
 * After the client build, src/first-paint/app/prerender.tsx is bundled for Node and renders every public page (landing, QRinfo,
 * FAQ, privacy, contact, login, register, forgot-password, 404; the list is src/first-paint/app/public-pages.ts) in each of the
 * seven languages into `dist/pages/<language>/<name>.html`: the built index.html with the page's markup in #root, the
 * page's CSS (what Chakra's Emotion inserted while rendering) in <head>, `<html lang>` set, and module preloads for
 * the page's own chunk and its strings, so the app hydrates it as soon as they have arrived.
 *
 * A request for a public page gets that page in the visitor's language, chosen by the browser's Accept-Language
 * (English otherwise); every other path the app does not know gets the 404 page with status 404. `vite preview` does
 * this below; production hosting does the same with rules, e.g. nginx:
 *
 *   map $http_accept_language $rg_lang { default en; ~^es es; ~^fr fr; ~^de de; ~^it it; ~^zh zh; ~^ja ja; }
 *   location = /        { try_files /pages/$rg_lang/landing.html =404; }
 *   location = /login   { try_files /pages/$rg_lang/login.html =404; }      (the same for each public page)
 *   location /dashboard { try_files /index.html =404; }   location = /reset-password { try_files /index.html =404; }
 *   location /guide/    { try_files $uri /guide.html; }
 *   location /          { try_files $uri /pages/$rg_lang/404.html; }   (and `error_page 404` likewise)
 *
 * The build writes these rules for Netlify into `dist/_redirects` (netlifyRedirects below). A host that cannot choose
 * by language serves the English files: the inline boot script then sees that the visitor wants another language and
 * the app renders the page in it instead of hydrating.
 *
 * The inline boot script (src/first-paint/app/boot-script.ts) is bundled into index.html here, so it is part of every built
 * HTML file (and a strict CSP can allow it by hash).
 *
 * Chakra's whole global CSS (resets, base styles, design tokens, keyframes; the same for every page) is written once as
 * `assets/theme-<hash>.css` (THEME_SHEET_ATTRIBUTE). A page made at build time, whose own `<style>` already holds the
 * part it paints with, only preloads it: as a stylesheet of the page (even at the end of <body>) the browser held the
 * first paint until it had arrived (the dashboard's first visit painted at 3.1 s instead of 1.1–1.7 s under Slow 4G).
 * The app makes it the page's stylesheet when it starts. index.html, for the screens the app renders alone, links it
 * in <head>. Either way the app does not compile and insert that CSS itself (src/app/theme.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
// Vite's own bundler (a dependency of vite), as pwa.config.ts uses it for the guide's boot script.
import { build as bundle } from 'rolldown';
import { build, loadEnv, type AliasOptions, type Plugin, type PreviewServer, type Rollup } from 'vite';
import { demoGuideQrDefine } from './build/demo-guide-qr.ts';
import {
  appShellPageFor,
  appShellPages,
  languageFromAcceptLanguage,
  prerenderedFile,
  prerenderedLanguages,
  publicPageFor,
  publicPages,
} from './src/first-paint/app/public-pages.ts';
import type { Language } from './src/lib/languages.ts';
import { type RoomCountWords } from './src/first-paint/dashboard/template.ts';
import {
  APP_BOOT_SCRIPT_MARKER,
  APP_ROOT_ID,
  DASHBOARD_TEMPLATE_ID,
  NAMESPACES_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  TEMPLATE_LANGUAGE_ATTRIBUTE,
  TEMPLATE_ROOM_COUNTS_ATTRIBUTE,
  THEME_SHEET_ATTRIBUTE,
} from './src/first-paint/contract.ts';

/** index.html's app root, which the build fills in. */
const EMPTY_APP_ROOT = `<div id="${APP_ROOT_ID}"></div>`;

/** What src/main.tsx imports on demand: the app. */
const START_MODULE = 'src/start.tsx';

interface ChunkInfo {
  fileName: string;
  imports: string[];
}

/** The boot script as one minified classic script. */
async function bootScript(root: string): Promise<string> {
  const result = await bundle({
    input: path.join(root, 'src/first-paint/app/boot-script.ts'),
    write: false,
    logLevel: 'warn',
    output: { format: 'iife', minify: true },
  });
  return `<script>${result.output[0].code.trim()}</script>`;
}

/** The built chunks by the module each one stands for (its facade), and the chunks each imports statically. */
function chunksByModule(bundleOutput: Rollup.OutputBundle): { byModule: Map<string, ChunkInfo>; byFile: Map<string, ChunkInfo> } {
  const byModule = new Map<string, ChunkInfo>();
  const byFile = new Map<string, ChunkInfo>();
  for (const output of Object.values(bundleOutput)) {
    if (output.type !== 'chunk') continue;
    const info = { fileName: output.fileName, imports: output.imports };
    byFile.set(output.fileName, info);
    if (output.facadeModuleId) byModule.set(path.resolve(output.facadeModuleId), info);
  }
  return { byModule, byFile };
}

function staticClosure(start: string, byFile: Map<string, ChunkInfo>, into = new Set<string>()): Set<string> {
  if (into.has(start)) return into;
  into.add(start);
  for (const imported of byFile.get(start)?.imports ?? []) staticClosure(imported, byFile, into);
  return into;
}

/** While prerendering nothing talks to Supabase: the client (Auth starts reading a session at once) is left out. */
function withoutSupabaseClient(root: string): Plugin {
  const client = path.join(root, 'src/lib/supabase.ts');
  const stubId = '\0roomguide:prerender-supabase';
  return {
    name: 'roomguide:prerender-supabase',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!/(^|\/)supabase$/.test(source) || source.includes('@supabase')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && path.resolve(resolved.id) === client ? stubId : null;
    },
    load(id) {
      if (id !== stubId) return null;
      return `export const initialUrlHash = '';
const unused = (name) => () => { throw new Error(name + ' used while prerendering a public page'); };
export const serviceUrl = unused('serviceUrl');
export const accessToken = unused('accessToken');
export const authorizedFetch = unused('authorizedFetch');
export const supabase = new Proxy({}, { get(_target, key) { throw new Error('supabase.' + String(key) + ' used while prerendering a public page'); } });`;
    },
  };
}

interface Renderer {
  renderPage(pathname: string, language: Language): Promise<{ html: string; styleTags: string; title: string; namespaces: string[]; themeCss: string }>;
  renderDashboardTemplate(language: Language): Promise<DashboardTemplate>;
}

interface DashboardTemplate {
  html: string;
  css: string;
  roomCounts: RoomCountWords;
}

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * The dashboard made with stand-in values (src/first-paint/dashboard/template.ts), as an inert `<template>`: nothing in
 * it shows, loads or runs until the entry module fills in a copy.
 */
function dashboardTemplateHtml(template: DashboardTemplate, language: Language): string {
  // `</style` cannot occur in CSS Emotion wrote from the app's own style objects; checked, as it would end the element.
  if (/<\/style/i.test(template.css)) throw new Error('the dashboard template CSS contains </style');
  return `<template id="${DASHBOARD_TEMPLATE_ID}" ${TEMPLATE_LANGUAGE_ATTRIBUTE}="${language}" ${TEMPLATE_ROOM_COUNTS_ATTRIBUTE}="${escapeAttribute(JSON.stringify(template.roomCounts))}"><style>${template.css}</style>${template.html}</template>`;
}

/** Bundles src/first-paint/app/prerender.tsx for Node with the app's own resolution (aliases, JSX) and imports it. */
async function loadRenderer(root: string, alias: AliasOptions, mode: string): Promise<{ renderer: Renderer; cleanup: () => void }> {
  const tmpParent = path.join(root, 'node_modules', '.tmp');
  fs.mkdirSync(tmpParent, { recursive: true });
  // Inside the project, so Node finds the dependencies the bundle leaves external.
  const outDir = fs.mkdtempSync(path.join(tmpParent, 'prerender-'));
  await build({
    configFile: false,
    root,
    mode,
    logLevel: 'warn',
    plugins: [react(), withoutSupabaseClient(root)],
    resolve: { alias },
    define: demoGuideQrDefine(loadEnv(mode, root, 'VITE_').VITE_SITE_URL),
    build: {
      ssr: path.join(root, 'src/first-paint/app/prerender.tsx'),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  const renderer = (await import(pathToFileURL(path.join(outDir, 'prerender.mjs')).href)) as Renderer;
  return { renderer, cleanup: () => fs.rmSync(outDir, { recursive: true, force: true }) };
}

const preloadTags = (files: string[]) => files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');

function pageHtml(
  template: string,
  page: { html: string; styleTags: string; title: string; namespaces: string[] },
  language: Language,
  preloads: string[],
  themePreload: string,
): string {
  const escapeText = (value: string) => value.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  const replaced = template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${language}" ${PRERENDERED_ATTRIBUTE}="${language}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', () => `${preloadTags(preloads)}${page.styleTags}${themePreload}</head>`)
    .replace(EMPTY_APP_ROOT, () => `<div id="${APP_ROOT_ID}" ${NAMESPACES_ATTRIBUTE}="${page.namespaces.join(',')}">${page.html}</div>`)
    // The page reads fine without JavaScript; the shell's "needs JavaScript" note is for the app's own screens.
    .replace(/<noscript>[^<]*<\/noscript>/, '');
  if (!replaced.includes(`${PRERENDERED_ATTRIBUTE}="${language}"`) || !replaced.includes(page.html))
    throw new Error(`index.html no longer has the <html lang> or ${EMPTY_APP_ROOT} the prerendering fills in`);
  return replaced;
}

/**
 * An app shell page: index.html with `<html lang>`, a connection to the API opened early, the screen's preloads, and
 * the screen as a template to paint from if it has one.
 */
function shellHtml(
  template: string,
  shell: { namespaces: readonly string[] },
  language: Language,
  preloads: string[],
  apiOrigin: string | null,
  firstPaint: string,
  themePreload: string,
): string {
  const preconnect = apiOrigin ? `<link rel="preconnect" href="${apiOrigin}" crossorigin>` : '';
  return template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${language}">`)
    .replace('</head>', () => `${preconnect}${preloadTags(preloads)}${themePreload}</head>`)
    .replace(EMPTY_APP_ROOT, () => `${firstPaint}<div id="${APP_ROOT_ID}" ${NAMESPACES_ATTRIBUTE}="${shell.namespaces.join(',')}"></div>`);
}

/** Writes the theme CSS under its content's hash (once) and answers where it is: `/assets/theme-<hash>.css`. */
function themeSheetWriter(outDir: string): (css: string) => string {
  let written: { css: string; href: string } | null = null;
  return (css) => {
    if (written) {
      if (written.css !== css) throw new Error('prerendering: two pages gave different theme CSS; the stylesheet can only be one');
      return written.href;
    }
    const file = `assets/theme-${crypto.createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;
    fs.writeFileSync(path.join(outDir, file), css);
    written = { css, href: `/${file}` };
    return written.href;
  };
}

/** The theme stylesheet as a page made at build time carries it (preloaded), or index.html (linked). */
const themeTag = (href: string, rel: 'preload' | 'stylesheet') =>
  `<link rel="${rel}"${rel === 'preload' ? ' as="style"' : ''} href="${href}" ${THEME_SHEET_ATTRIBUTE}>`;

/** `Accept-Language` → the page file to serve; null when the request is not for a page made at build time. */
export function prerenderedPageFor(pathname: string, acceptLanguage: string | undefined): { file: string; status: number; language: Language } | null {
  const page = appShellPageFor(pathname) ?? publicPageFor(pathname);
  if (!page) return null;
  const language = languageFromAcceptLanguage(acceptLanguage) ?? 'en';
  return { file: prerenderedFile(page, language), status: 'path' in page && page.path === null ? 404 : 200, language };
}

/** `vite preview`: hashed files cached for a year, public pages in the visitor's language, unknown paths → 404 page. */
function servePublicPages(server: PreviewServer): void {
  const outDir = path.resolve(server.config.root, server.config.build.outDir);
  server.middlewares.use((req, res, next) => {
    const [pathname] = (req.url ?? '/').split('?');
    // Hashed build files never change under their name: a year in the browser's cache, as production hosts serve them.
    if (pathname.startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');
    const chosen = wantsPage ? prerenderedPageFor(decodeURIComponent(pathname), req.headers['accept-language']) : null;
    if (!chosen || !fs.existsSync(path.join(outDir, chosen.file))) {
      next();
      return;
    }
    res.setHeader('Vary', 'Accept-Language');
    res.setHeader('Content-Language', chosen.language);
    if (chosen.status === 200) {
      req.url = chosen.file;
      next();
      return;
    }
    // The static file server always answers 200: the 404 page is sent here, with its status.
    res.writeHead(chosen.status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : fs.readFileSync(path.join(outDir, chosen.file)));
  });
}

/**
 * Netlify's `_redirects` for the built site: each page in the visitor's language (`Language=` matches
 * Accept-Language), the signed-in screens and the reset-password landing → the app shell, /guide/* → guide.html,
 * and every other path → the 404 page with status 404. First match wins; `!` also applies where a file exists (/).
 */
export function netlifyRedirects(): string {
  const lines: string[] = [];
  const other = prerenderedLanguages.filter((language) => language !== 'en');
  const page = (from: string, target: { name: string }, status: string) => {
    for (const language of other) lines.push(`${from}  ${prerenderedFile(target, language)}  ${status}  Language=${language}`);
    lines.push(`${from}  ${prerenderedFile(target, 'en')}  ${status}`);
  };
  for (const shell of appShellPages) page(shell.path, shell, '200');
  lines.push('/dashboard/*  /index.html  200', '/reset-password  /index.html  200', '/guide/*  /guide.html  200');
  for (const target of publicPages) if (target.path) page(target.path, target, target.path === '/' ? '200!' : '200');
  page(
    '/*',
    publicPages.find((target) => target.path === null)!,
    '404',
  );
  return `${lines.join('\n')}\n`;
}

export function publicPagesPlugin({ alias }: { alias: AliasOptions }): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  let mode = 'production';
  let apiOrigin: string | null = null;
  let chunks: ReturnType<typeof chunksByModule> | null = null;
  let cachedBootScript: Promise<string> | null = null;
  return {
    name: 'roomguide:public-pages',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
      const apiUrl = (config.env as Record<string, string | undefined>).VITE_SUPABASE_URL;
      apiOrigin = apiUrl ? new URL(apiUrl).origin : null;
    },
    configurePreviewServer(server) {
      servePublicPages(server);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!html.includes(APP_BOOT_SCRIPT_MARKER)) return html;
        cachedBootScript ??= bootScript(root);
        const script = await cachedBootScript;
        let result = html.replace(APP_BOOT_SCRIPT_MARKER, () => script);
        // src/main.tsx only imports src/start.tsx (the app) on demand; its chunks download with the page all the same.
        if (context.bundle && context.chunk) {
          const { byModule, byFile } = chunksByModule(context.bundle);
          const start = byModule.get(path.join(root, START_MODULE));
          if (!start) throw new Error(`${START_MODULE} is no longer a chunk of its own`);
          const entry = staticClosure(context.chunk.fileName, byFile);
          result = result.replace('</head>', () => `${preloadTags([...staticClosure(start.fileName, byFile)].filter((file) => !entry.has(file)))}</head>`);
        }
        return result;
      },
    },
    generateBundle(_options, output) {
      chunks = chunksByModule(output);
    },
    async writeBundle() {
      if (!chunks) return;
      const { byModule, byFile } = chunks;
      const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const mainEntry = [...byModule.entries()].find(([module]) => module === path.join(root, 'index.html'))?.[1];
      if (!mainEntry) throw new Error('prerendering: the index.html entry chunk was not found');
      // What index.html (the template) already preloads: its entry's chunks and the app's (START_MODULE).
      const alreadyLoaded = staticClosure(mainEntry.fileName, byFile);
      staticClosure(byModule.get(path.join(root, START_MODULE))?.fileName ?? '', byFile, alreadyLoaded);
      const chunkOf = (module: string) => {
        const chunk = byModule.get(path.join(root, module));
        if (!chunk) throw new Error(`prerendering: no chunk for ${module} (is it still lazily imported by src/app/router.tsx?)`);
        return chunk.fileName;
      };
      const localeChunks = (namespaces: readonly string[], language: Language) =>
        namespaces.flatMap((namespace) =>
          [...new Set([language, 'en'])].flatMap((lng) => byModule.get(path.join(root, 'locales', lng, `${namespace}.json`))?.fileName ?? []),
        );
      const write = (page: { name: string }, language: Language, html: string) => {
        const file = path.join(outDir, prerenderedFile(page, language));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, html);
      };
      const notLoaded = (files: string[]) => [...new Set(files)].filter((file) => !alreadyLoaded.has(file));
      const themeSheet = themeSheetWriter(outDir);
      let themeHref = '';
      const { renderer, cleanup } = await loadRenderer(root, alias, mode);
      try {
        for (const page of publicPages) {
          const pageChunks = [...staticClosure(chunkOf(page.module), byFile)];
          for (const language of prerenderedLanguages) {
            const rendered = await renderer.renderPage(page.path ?? '/404-page-prerendered', language);
            const preloads = notLoaded([...pageChunks, ...localeChunks(rendered.namespaces, language)]);
            themeHref = themeSheet(rendered.themeCss);
            write(page, language, pageHtml(template, rendered, language, preloads, themeTag(themeHref, 'preload')));
          }
        }
        // After the public pages: Chakra memoizes style objects as it meets them, and a page rendered after the signed-in
        // dashboard could get class names the browser's fresh Chakra does not make (hydration would not match).
        for (const shell of appShellPages) {
          const modules = shell.modules.flatMap((module) => [...staticClosure(chunkOf(module), byFile)]);
          for (const language of prerenderedLanguages) {
            const firstPaint = shell.paintsFromTemplate ? dashboardTemplateHtml(await renderer.renderDashboardTemplate(language), language) : '';
            const preloads = notLoaded([...modules, ...localeChunks(shell.namespaces, language)]);
            write(shell, language, shellHtml(template, shell, language, preloads, apiOrigin, firstPaint, themeTag(themeHref, 'preload')));
          }
        }
        // The screens the app renders alone (index.html): the stylesheet before anything is drawn, as a page's own.
        fs.writeFileSync(
          path.join(outDir, 'index.html'),
          template.replace('</head>', () => `${themeTag(themeHref, 'stylesheet')}</head>`),
        );
        fs.writeFileSync(path.join(outDir, '_redirects'), netlifyRedirects());
      } finally {
        cleanup();
      }
    },
  };
}
