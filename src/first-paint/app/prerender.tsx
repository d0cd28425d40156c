/**
 * Build time only (prerender.config.ts bundles this for Node): renders a public page to HTML with the app's own
 * components, router and providers, in one language, for a signed-out visitor, and extracts the CSS that Chakra's
 * Emotion inserted while rendering, so the page paints from its HTML and the app then hydrates it unchanged. Also
 * renders the dashboard with stand-in values, the template a host's first visit is painted from
 * (renderDashboardTemplate).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { DocumentTitleCollector, documentTitle } from '@/components/use-document-title';
import { createPreloadedI18n, type Language } from '@/lib/i18n';
import type { SystemContext } from '@chakra-ui/react';
import { AppShell } from '../../app/app';
import { createAppSystem } from '../../app/theme';
import { themeCssForPage } from './prerender-theme-css';
import type { Session, User } from '@supabase/auth-js';
import { queryClient } from '@/lib/data/query-client';
import { myTeamsQuery, propertiesQuery, roomsQuery } from '@/lib/data/queries';
import type { MyTeam } from '@/lib/data/api/list-my-teams';
import type { PropertyRow } from '@/lib/data/rows';
import { store } from '@/lib/jotai';
import { paths } from '@/lib/paths';
import { initializedAtom, sessionAtom } from '@/lib/session';
import { COUNT_PLACEHOLDER, templateCards, templateValues, type RoomCountWords } from '../dashboard/template';
import { preloadSignedInNavbar } from '../../app/layouts/navbar';
import { preloadPagesFor, routes } from '../../app/router';
import { PRERENDERED_THEME_ATTRIBUTE } from '../contract';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

// Loaded on demand like the app's own i18n backend does (an eager glob here would undo its per-file chunks).
const localeFiles = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { import: 'default' });

/** Every namespace of one language (and English, the fallback), as i18next's in-memory resources. */
async function resourcesFor(language: Language): Promise<Resources> {
  // Without strings every page would be made of translation keys.
  if (Object.keys(localeFiles).length === 0) throw new Error('prerendering: no locales/*/*.json found (the glob is relative to this file)');
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
  /** Chakra's whole global CSS (every page's is the same): the stylesheet the build links (THEME_SHEET_ATTRIBUTE). */
  themeCss: string;
}

interface RenderedRoute {
  html: string;
  chunks: StyleChunks;
  construct: (chunks: StyleChunks) => string;
  title: string;
  namespaces: string[];
  i18n: ReturnType<typeof createPreloadedI18n>;
}

/** Chakra's system for each page: a page's classes must not depend on the pages rendered before it (createAppSystem). */
const systems = new Map<string, SystemContext>();

function systemFor(pathname: string): SystemContext {
  let system = systems.get(pathname);
  if (!system) systems.set(pathname, (system = createAppSystem()));
  return system;
}

/** Renders `pathname` with the app's routes and providers, with the app's state (session, cached reads) as it is now. */
async function renderRoute(pathname: string, language: Language): Promise<RenderedRoute> {
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
          <AppShell i18n={i18n} system={systemFor(pathname)}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppShell>
        </DocumentTitleCollector>
      </CacheProvider>
    </StrictMode>,
  );
  // A boundary that still suspended is rendered by the client (`<!--$!-->`): the page would not paint from HTML.
  if (/<!--\$[!?]-->/.test(html)) throw new Error(`${pathname} (${language}) suspended while prerendering: something it renders is not loaded up front`);
  const namespaces = i18n.reportNamespaces?.getUsedNamespaces() ?? [];
  return { html, chunks: extractCriticalToChunks(html), construct: constructStyleTagsFromChunks, title: documentTitle(title), namespaces, i18n };
}

export async function renderPage(pathname: string, language: Language): Promise<RenderedPage> {
  const { html, chunks, construct, title, namespaces } = await renderRoute(pathname, language);
  const themeCss = chunks.styles
    .filter((chunk) => chunk.key.endsWith('-global'))
    .map((chunk) => chunk.css)
    .join('');
  return { html, styleTags: prerenderedStyleTags(chunks, html, construct), title, namespaces, themeCss };
}

export interface RenderedDashboardTemplate {
  /** The page's markup: the navbar and the property list with one card per kind (templateCards). */
  html: string;
  /** Its CSS, as one style sheet (the page inserts it only while it shows the filled-in copy). */
  css: string;
  roomCounts: RoomCountWords;
}

/**
 * /dashboard as the app shows it to a signed-in host once the property list has loaded (the plan not yet), with the
 * stand-ins of src/first-paint/dashboard/template.ts for the host's email and properties (src/first-paint/dashboard/paint-from-template.ts).
 */
export async function renderDashboardTemplate(language: Language): Promise<RenderedDashboardTemplate> {
  const { userId, teamId, email, name, address } = templateValues;
  const user: User = { id: userId, email, aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };
  const session: Session = { access_token: 'template', refresh_token: 'template', expires_in: 3600, token_type: 'bearer', user };
  const properties: PropertyRow[] = templateCards.map(({ id, type }) => ({ id, team_id: teamId, type, name, address, created_at: '2026-01-01T00:00:00Z' }));
  const ownTeam: MyTeam = { id: teamId, name: null, accountUserId: userId, founderEmail: email, role: 'owner', propertyIds: null };
  await preloadSignedInNavbar();
  store.set(sessionAtom, session);
  store.set(initializedAtom, true);
  queryClient.setQueryData(propertiesQuery(userId).queryKey, properties);
  queryClient.setQueryData(roomsQuery(userId).queryKey, []);
  queryClient.setQueryData(myTeamsQuery(userId).queryKey, [ownTeam]);
  try {
    const { html, chunks, i18n } = await renderRoute(paths.dashboard, language);
    if (!html.includes(name) || !html.includes(email))
      throw new Error('the dashboard template lost its stand-ins: paint-from-template.ts could not fill it in');
    const rooms = i18n.getFixedT(language, 'properties');
    // A sample count for each plural category of the language, its number turned back into the placeholder.
    const byCategory: RoomCountWords['byCategory'] = {};
    const rules = new Intl.PluralRules(language);
    for (let count = 1; count < 200; count++) byCategory[rules.select(count)] ??= rooms('card.rooms', { count }).replace(String(count), COUNT_PLACEHOLDER);
    const roomCounts = { zero: rooms('card.rooms', { count: 0 }).replace('0', COUNT_PLACEHOLDER), byCategory };
    return { html, css: pageCss(chunks, html).join('\n'), roomCounts };
  } finally {
    store.set(sessionAtom, null);
    store.set(initializedAtom, false);
    queryClient.clear();
  }
}

type StyleChunks = ReturnType<ReturnType<typeof createEmotionServer>['extractCriticalToChunks']>;

/**
 * The page's CSS, one chunk at a time in Emotion's order (the layer order statement first, the page's rules last),
 * with each global chunk (Chakra's resets, base styles, tokens, keyframes) cut to what the page's rules and markup use.
 */
function pageCss(chunks: StyleChunks, html: string): string[] {
  const pageText = chunks.styles
    .filter((chunk) => chunk.key === 'css')
    .map((chunk) => chunk.css)
    .concat(html)
    .join('\n');
  return chunks.styles.map((chunk) => (chunk.key.endsWith('-global') ? themeCssForPage(chunk.css, pageText) : chunk.css));
}

/**
 * The page's style tags (pageCss). A cut chunk is written without `data-emotion`, so the client's Emotion does not
 * take it for the whole chunk: the full CSS, which the screens the visitor opens next (and the page's own dialogs and
 * menus) rely on, is the theme stylesheet linked at the end of the page (RenderedPage.themeCss). The pruned copy
 * stays; it only repeats values the full one sets.
 */
function prerenderedStyleTags(chunks: StyleChunks, html: string, construct: (chunks: StyleChunks) => string): string {
  const css = pageCss(chunks, html);
  return chunks.styles
    .map((chunk, index) =>
      css[index] === chunk.css
        ? construct({ ...chunks, styles: [chunk] })
        : `<style ${PRERENDERED_THEME_ATTRIBUTE}="${chunk.ids.join(' ')}">${css[index]}</style>`,
    )
    .join('');
}
