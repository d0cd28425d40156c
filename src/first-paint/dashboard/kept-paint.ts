/**
 * Shows the kept dashboard (store.ts) from the app's entry module, before the app's code has loaded: a copy of the
 * page as it was last shown, inert and hidden from assistive technology, in place of the app's root, which is hidden
 * until the live property list has rendered (or the app went elsewhere) and release() swaps the two in one frame.
 * A first visit's copy, filled in from the page's template (src/first-paint/dashboard/paint-from-template.ts), is shown the
 * same way.
 */
import { preferredLanguage } from '@/lib/languages';
import { domOf } from './kept-dom';
import { readKeptDashboard } from './kept-store';
import { APP_ROOT_ID, KEPT_DASHBOARD_ATTRIBUTE } from '../contract';
import { browserLanguages, readStoredLanguage } from '../stored-language';

/** If the app has not taken over by then (its code failed to load, say), the app's own screen is shown. */
const GIVE_UP_AFTER_MS = 15_000;

/** The language the app will show (i18n.ts's choice), which a copy must be in. */
export function preferredAppLanguage(): string {
  return preferredLanguage(readStoredLanguage(), browserLanguages());
}

/** Set once the app has shown a screen of its own: from then on no copy is shown. */
let released = false;

/**
 * Shows `content` with its `css` in place of the app's root, in `language`; returns whether it did (not once the app
 * has shown a screen, nor twice).
 */
export function showDashboardCopy(css: string, content: DocumentFragment, language: string): boolean {
  const root = document.getElementById(APP_ROOT_ID);
  if (!root || released || document.documentElement.hasAttribute(KEPT_DASHBOARD_ATTRIBUTE)) return false;
  const style = document.createElement('style');
  style.setAttribute(KEPT_DASHBOARD_ATTRIBUTE, '');
  style.textContent = `${css}\nhtml[${KEPT_DASHBOARD_ATTRIBUTE}] #${APP_ROOT_ID}{display:none!important}`;
  const copy = document.createElement('div');
  copy.setAttribute(KEPT_DASHBOARD_ATTRIBUTE, '');
  copy.setAttribute('aria-hidden', 'true');
  copy.inert = true;
  copy.append(content);
  document.documentElement.lang = language;
  document.head.append(style);
  root.before(copy);
  document.documentElement.setAttribute(KEPT_DASHBOARD_ATTRIBUTE, '');
  setTimeout(releaseKeptDashboard, GIVE_UP_AFTER_MS);
  return true;
}

/** Paints the kept copy for the signed-in user, if there is one that matches; returns whether it did. */
export function paintKeptDashboard(): boolean {
  const language = preferredAppLanguage();
  const kept = readKeptDashboard({ language, viewportWidth: window.innerWidth });
  return kept !== null && showDashboardCopy(kept.css, domOf(kept.nodes, document), language);
}

/**
 * Removes the copy shown and shows the app's root; called whenever the app shows a screen (so a copy that would
 * arrive later is not shown at all).
 */
export function releaseKeptDashboard(): void {
  released = true;
  if (!document.documentElement.hasAttribute(KEPT_DASHBOARD_ATTRIBUTE)) return;
  document.documentElement.removeAttribute(KEPT_DASHBOARD_ATTRIBUTE);
  for (const element of Array.from(document.querySelectorAll(`[${KEPT_DASHBOARD_ATTRIBUTE}]`))) element.remove();
}
