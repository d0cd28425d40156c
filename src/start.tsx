import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { whenHydrated } from '@/first-paint/app/hydration';
import { preloadSignedInNavbar } from '@/app/layouts/navbar';
import { preloadPagesFor } from '@/app/router';
import { initI18n, isSupportedLanguage } from '@/lib/i18n';
import { startSessionSyncNow, startSessionSyncWhenNeeded } from '@/lib/session-start';
import { APP_ROOT_ID, NAMESPACES_ATTRIBUTE, PRERENDERED_ATTRIBUTE, RELANG_ATTRIBUTE, SIGNED_IN_ATTRIBUTE } from '@/first-paint/contract';

const container = document.getElementById(APP_ROOT_ID)!;
const html = document.documentElement;
// A public page made at build time (`<html data-prerendered="<language>">`), unless the boot script found that the
// visitor wants another language (`data-relang`): then the app renders it afresh in that language.
const prerenderedLanguage = html.getAttribute(PRERENDERED_ATTRIBUTE);
const wantedLanguage = html.getAttribute(RELANG_ATTRIBUTE);
const hydrating = isSupportedLanguage(prerenderedLanguage) && !wantedLanguage;
// The i18n namespaces the page reads (pages made at build time list them); loaded with the page, not after it.
const namespaces = container.getAttribute(NAMESPACES_ATTRIBUTE)?.split(',').filter(Boolean) ?? [];

const app = (i18n: ReturnType<typeof initI18n>) => (
  <StrictMode>
    <App i18n={i18n} />
  </StrictMode>
);

if (hydrating) {
  // The page was made for a signed-out visitor; the session is read once it is live, so hydration matches what
  // was painted, and a returning host's navbar changes only then (supabase-js replays INITIAL_SESSION to a late
  // listener). supabase-js loads only if there is a session to read (session-start.ts). i18n loads the page's
  // strings from the chunks the HTML preloads.
  whenHydrated(startSessionSyncWhenNeeded);
  const i18n = initI18n({ language: prerenderedLanguage });
  // Everything the page renders is in before hydrating (the HTML preloads it), so React hydrates it in one pass.
  void Promise.all([preloadPagesFor(location.pathname), i18n.loadNamespaces(namespaces)]).finally(() => hydrateRoot(container, app(i18n)));
} else {
  void preloadPagesFor(location.pathname).catch(() => {}); // a failed chunk is reported when the route renders
  // Start listening before anything renders so INITIAL_SESSION (and a recovery link's PASSWORD_RECOVERY) is never missed.
  void startSessionSyncNow();
  // i18n loads its first namespace in the background; screens suspend (spinner) until their strings are in.
  const i18n = initI18n(isSupportedLanguage(wantedLanguage) ? { language: wantedLanguage } : {});
  void i18n.loadNamespaces(namespaces);
  // A returning host's navbar has its account items (their own chunk) from its first render, so the live page that
  // replaces the one painted first (main.tsx) has them as well; the dashboard's HTML preloads the chunk.
  const accountItems = html.hasAttribute(SIGNED_IN_ATTRIBUTE) ? preloadSignedInNavbar().catch(() => {}) : Promise.resolve();
  void accountItems.then(() => createRoot(container).render(app(i18n)));
}
