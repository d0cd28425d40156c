/**
 * Build time only (prerender.config.ts bundles this for Node): renders a public page to HTML with the app's own
 * components, router and providers, in one language, for a signed-out visitor, and extracts the CSS that Chakra's
 * Emotion inserted while rendering, so the page paints from its HTML and the app then hydrates it unchanged.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { DocumentTitleCollector, documentTitle } from '@/components/use-document-title';
import { createPreloadedI18n, type Language } from '@/lib/i18n';
import { AppShell } from './app';
import { themeCssForPage } from './prerender-theme-css';
import { preloadPagesFor, routes } from './router';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

// Loaded on demand like the app's own i18n backend does (an eager glob here would undo its per-file chunks).
const localeFiles = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

/** Every namespace of one language (and English, the fallback), as i18next's in-memory resources. */
async function resourcesFor(language: Language): Promise<Resources> {
  const resources: Resources = {};
  for (const [file, load] of Object.entries(localeFiles)) {
    const [, fileLanguage, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(file) ?? [];
    if (fileLanguage !== language && fileLanguage !== 'en') continue;
    (resources[fileLanguage] ??= {})[namespace] = await load();
  }
  return resources;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /**
   * `<style>` tags for <head>: the page's rules as `<style data-emotion=…>`, as Emotion's client cache expects them
   * when it hydrates; Chakra's global CSS only with what this page uses (prerenderedStyleTags).
   */
  styleTags: string;
  /** The tab title, as useDocumentTitle sets it. */
  title: string;
  /** The i18n namespaces the page used, so the build can preload their chunks. */
  namespaces: string[];
}

export async function renderPage(pathname: string, language: Language): Promise<RenderedPage> {
  const i18n = createPreloadedI18n(language, await resourcesFor(language));
  const cache = createCache({ key: 'css' });
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = createEmotionServer(cache);
  // As the client does before hydrating: the page renders in one pass, with the same tree.
  await preloadPagesFor(pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let title: string | null = null;

  // Everything is loaded first, so a synchronous render is complete: no streamed boundaries, whose inline scripts
  // would have to run before the content shows (and a strict CSP would have to allow each one).
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <DocumentTitleCollector value={(collected) => (title = collected)}>
          <AppShell i18n={i18n}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppShell>
        </DocumentTitleCollector>
      </CacheProvider>
    </StrictMode>,
  );
  // A boundary that still suspended is rendered by the client (`<!--$!-->`): the page would not paint from HTML.
  if (/<!--\$[!?]-->/.test(html)) throw new Error(`${pathname} (${language}) suspended while prerendering: something it renders is not loaded up front`);
  const styleTags = prerenderedStyleTags(extractCriticalToChunks(html), html, constructStyleTagsFromChunks);
  const namespaces = i18n.reportNamespaces?.getUsedNamespaces() ?? [];
  return { html, styleTags, title: documentTitle(title), namespaces };
}

type StyleChunks = ReturnType<ReturnType<typeof createEmotionServer>['extractCriticalToChunks']>;

/**
 * The page's style tags, with each global chunk (Chakra's resets, base styles, tokens, keyframes) cut to what the
 * page's rules and markup use. A cut chunk is written without `data-emotion`, so the client's Emotion does not take it
 * for the whole chunk: its Global inserts the full CSS when the app starts, which the screens the visitor opens next
 * (and the page's own dialogs and menus) rely on. The pruned copy stays; it only repeats values the full one sets.
 */
function prerenderedStyleTags(chunks: StyleChunks, html: string, construct: (chunks: StyleChunks) => string): string {
  const pageText = chunks.styles
    .filter((chunk) => chunk.key === 'css')
    .map((chunk) => chunk.css)
    .concat(html)
    .join('\n');
  // One chunk at a time, in Emotion's order (the layer order statement first, the page's rules last).
  return chunks.styles
    .map((chunk) => {
      const css = chunk.key.endsWith('-global') ? themeCssForPage(chunk.css, pageText) : chunk.css;
      if (css === chunk.css) return construct({ ...chunks, styles: [chunk] });
      return `<style data-prerendered-theme="${chunk.ids.join(' ')}">${css}</style>`;
    })
    .join('');
}
