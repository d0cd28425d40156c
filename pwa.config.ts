/**
 * The PWA: vite-plugin-pwa options (service worker in src/sw.ts, `injectManifest`) and the plugin that adds the
 * guest guide's own entry (guide.html) to the build and serves it for /guide/* in `vite` and `vite preview`.
 *
 * Production hosting must do the same rewrite as guideEntryPlugin below, for example:
 *   Netlify `_redirects`:  /guide/*  /guide.html  200   then   /*  /index.html  200
 *   Vercel `vercel.json`:  { "rewrites": [{ "source": "/guide/:path*", "destination": "/guide.html" },
 *                                         { "source": "/(.*)", "destination": "/index.html" }] }
 *   nginx:                 location /guide/ { try_files $uri /guide.html; }  location / { try_files $uri /index.html; }
 * (The guide's path lives in src/lib/guide-url.ts.) The app itself has no guide route: without the rewrite a guest's
 * first visit to /guide/<id> gets the app's "page not found"; once the service worker runs, it serves guide.html.
 */
import fs from 'node:fs';
import path from 'node:path';
// Vite's own bundler (a dependency of vite): bundles the guide's first-paint script into guide.html.
import { build as bundle } from 'rolldown';
import type { OutputBundle } from 'rolldown';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import type { ManifestEntry } from 'workbox-build';

type SizedEntry = ManifestEntry & { size: number };
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { BOOT_MESSAGE_KEYS } from './src/first-paint/guide/boot-messages.ts';
import { GUIDE_PATHS } from './src/lib/guide-url.ts';
import { supportedLanguages } from './src/lib/languages.ts';
import { BOOT_SCRIPTS_MARKER, ENTRY_ATTRIBUTE, FIRST_PAINT_ATTRIBUTE } from './src/first-paint/contract.ts';

/** Files the guest guide needs (its entry chunk, everything it imports, statically or on demand, and its CSS). */
const guideFiles = new Set<string>();

/**
 * The two HTML shells. Icons, favicon, robots.txt and the manifest are added by vite-plugin-pwa itself
 * (includeAssets + the manifest's icons); the dashboard's chunks are cached at run time as they are used.
 */
const ALWAYS_PRECACHED = new Set(['guide.html', 'index.html']);

function onlyGuestShell(entries: SizedEntry[]): { manifest: SizedEntry[]; warnings: string[] } {
  const manifest = entries.filter((entry) => ALWAYS_PRECACHED.has(entry.url) || guideFiles.has(entry.url));
  const warnings = guideFiles.size === 0 ? ['guide entry chunk not found: the guide shell is not precached'] : [];
  return { manifest, warnings };
}

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'autoUpdate',
  // No registration script in the HTML: the entry modules register the worker (src/lib/service-worker-registration.ts).
  injectRegister: false,
  includeAssets: ['favicon.ico', 'apple-touch-icon-180x180.png', 'robots.txt'],
  manifest: {
    id: '/',
    name: 'RoomGuide',
    short_name: 'RoomGuide',
    description: 'Room guides for your guests, one QR code per room.',
    lang: 'en',
    theme_color: '#0d9488',
    background_color: '#f7f6f3',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html}'],
    manifestTransforms: [async (entries) => onlyGuestShell(entries)],
    // The SW imports the guide's cache names; Vite builds it as its own small bundle.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
};

/** One of the guide's inline scripts (src/first-paint/guide/boot-*-entry.ts) as a minified classic script. */
async function inlineScript(root: string, entry: string, env: Record<string, unknown>): Promise<string> {
  const result = await bundle({
    input: path.join(root, 'src/first-paint/guide', entry),
    write: false,
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(root, 'src'), '@locales': path.join(root, 'locales') } },
    // The same build-time values the app's modules see (the API's URL and key for the guide request), and React's
    // production JSX runtime for the screen's components.
    transform: { jsx: 'react-jsx', define: { 'import.meta.env': JSON.stringify(env), 'process.env.NODE_ENV': '"production"' } },
    output: { format: 'iife', minify: true, comments: false },
  });
  // Inside a <script>: nothing in the code may end it early.
  return result.output[0].code.trim().replace(/<\/script/gi, '<\\/script');
}

/**
 * guide.html's two inline scripts: the loader (boot-loader.ts: the guide request at once, the entry when the page is
 * ready) and the first paint (boot-paint.ts), with the few strings it needs in every language, taken from
 * locales/<lng>/guide.json (the keys in boot-messages.ts).
 */
async function bootScripts(root: string, env: Record<string, unknown>): Promise<string> {
  const messages: Record<string, Record<string, string>> = {};
  for (const language of supportedLanguages) {
    const all = JSON.parse(fs.readFileSync(path.join(root, 'locales', language, 'guide.json'), 'utf8')) as Record<string, string>;
    messages[language] = Object.fromEntries(BOOT_MESSAGE_KEYS.map((key) => [key, all[key]]));
  }
  // No `</script>` or `<!--` can come out of the strings.
  const table = JSON.stringify(messages).replace(/</g, '\\u003c');
  const [loader, paint] = await Promise.all([inlineScript(root, 'boot-loader-entry.ts', env), inlineScript(root, 'boot-paint-entry.ts', env)]);
  return `<script>${loader}</script>\n    <script ${FIRST_PAINT_ATTRIBUTE}>(function(){var __RG_BOOT_MESSAGES__=${table};${paint}})();</script>`;
}

/** The built entry's `<script type="module">` becomes a preload the loader runs (see boot-markers.ts). */
function entryAsPreload(html: string): string {
  return html.replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    (_, src: string) => `<link rel="modulepreload" crossorigin href="${src}" ${ENTRY_ATTRIBUTE}>`,
  );
}

function rewriteGuideNavigation(server: ViteDevServer | PreviewServer): void {
  server.middlewares.use((req, _res, next) => {
    const url = req.url ?? '';
    const pathname = url.split('?')[0];
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    if ((req.method === 'GET' || req.method === 'HEAD') && wantsHtml && GUIDE_PATHS.test(pathname) && !path.extname(pathname)) req.url = '/guide.html';
    next();
  });
}

/**
 * The guide's stylesheet inside guide.html: its first paint (and the saved page made from it) waits for no second
 * request, which on a slow connection shares the bandwidth with the JavaScript.
 */
function inlineStylesheets(bundle: OutputBundle, htmlFile: string): void {
  const html = bundle[htmlFile];
  if (!html || html.type !== 'asset' || typeof html.source !== 'string') return;
  html.source = html.source.replace(/<link rel="stylesheet"[^>]*\shref="\/([^"]+\.css)"[^>]*>/g, (link, file: string) => {
    const css = bundle[file];
    if (!css || css.type !== 'asset') return link;
    // Nothing in a stylesheet can end the <style> element early.
    return `<style>${String(css.source)
      .trim()
      .replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/** Adds guide.html as a second build input, serves it for /guide/*, and records its files for the precache. */
export function guideEntryPlugin(): Plugin {
  let root = process.cwd();
  let env: Record<string, unknown> = {};
  return {
    name: 'roomguide:guide-entry',
    // After vite-plugin-pwa's HTML transform, whose manifest link this plugin removes from guide.html.
    enforce: 'post',
    config(config) {
      const base = config.root ? path.resolve(config.root) : process.cwd();
      return {
        build: {
          rolldownOptions: { input: { main: path.join(base, 'index.html'), guide: path.join(base, 'guide.html') } },
        },
      };
    },
    configResolved(config) {
      root = config.root;
      env = config.env;
    },
    configureServer(server) {
      rewriteGuideNavigation(server);
    },
    configurePreviewServer(server) {
      // Hashed build files never change under their name: a year in the browser's cache, as production hosts serve them.
      server.middlewares.use((req, res, next) => {
        if ((req.url ?? '').startsWith('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        next();
      });
      rewriteGuideNavigation(server);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        // The guide links a manifest for its own room at run time (lib/guide-manifest.ts); the app's manifest,
        // injected by vite-plugin-pwa, would make "Add to Home screen" open the landing page.
        if (path.resolve(root, ctx.filename) !== path.resolve(root, 'guide.html') && !ctx.filename.endsWith('guide.html')) return html;
        const withoutManifest = html.replace(/<link rel="manifest"[^>]*>/g, '');
        if (!withoutManifest.includes(BOOT_SCRIPTS_MARKER)) return withoutManifest;
        const scripts = await bootScripts(root, env);
        const withScripts = withoutManifest.replace(BOOT_SCRIPTS_MARKER, () => scripts);
        // The dev server keeps its own entry script (and its hot reload).
        return ctx.bundle ? entryAsPreload(withScripts) : withScripts;
      },
    },
    generateBundle(_options, bundle) {
      // Vite turns each HTML input into an entry chunk whose facade is the HTML file.
      const guideHtml = path.resolve(root, 'guide.html');
      const entry = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.isEntry && output.facadeModuleId !== null && path.resolve(output.facadeModuleId) === guideHtml,
      );
      if (!entry) return;
      guideFiles.clear();
      const visit = (fileName: string) => {
        if (guideFiles.has(fileName)) return;
        const output = bundle[fileName];
        if (!output || output.type !== 'chunk') return;
        guideFiles.add(fileName);
        const metadata = (output as { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } }).viteMetadata;
        metadata?.importedCss.forEach((css) => guideFiles.add(css));
        metadata?.importedAssets.forEach((asset) => guideFiles.add(asset));
        [...output.imports, ...output.dynamicImports].forEach(visit);
      };
      visit(entry.fileName);
      inlineStylesheets(bundle, 'guide.html');
    },
  };
}
