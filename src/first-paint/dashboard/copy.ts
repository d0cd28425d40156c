/**
 * The dashboard painted before the app's code has run (painter.ts fills it in): shown inert and hidden from assistive
 * technology in place of the app's root, which stays hidden until the live property list has rendered (or the app went
 * elsewhere) and releaseDashboardCopy() swaps the two in one frame.
 */
import { preferredLanguage } from '@/lib/languages';
import { APP_ROOT_ID, DASHBOARD_COPY_ATTRIBUTE } from '../contract';
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
  if (!root || released || document.documentElement.hasAttribute(DASHBOARD_COPY_ATTRIBUTE)) return false;
  const style = document.createElement('style');
  style.setAttribute(DASHBOARD_COPY_ATTRIBUTE, '');
  style.textContent = `${css}\nhtml[${DASHBOARD_COPY_ATTRIBUTE}] #${APP_ROOT_ID}{display:none!important}`;
  const copy = document.createElement('div');
  copy.setAttribute(DASHBOARD_COPY_ATTRIBUTE, '');
  copy.setAttribute('aria-hidden', 'true');
  copy.inert = true;
  copy.append(content);
  document.documentElement.lang = language;
  document.head.append(style);
  root.before(copy);
  document.documentElement.setAttribute(DASHBOARD_COPY_ATTRIBUTE, '');
  setTimeout(releaseDashboardCopy, GIVE_UP_AFTER_MS);
  return true;
}

/**
 * Removes the copy shown and shows the app's root; called whenever the app shows a screen (so a copy that would
 * arrive later is not shown at all).
 */
export function releaseDashboardCopy(): void {
  released = true;
  if (!document.documentElement.hasAttribute(DASHBOARD_COPY_ATTRIBUTE)) return;
  document.documentElement.removeAttribute(DASHBOARD_COPY_ATTRIBUTE);
  for (const element of Array.from(document.querySelectorAll(`[${DASHBOARD_COPY_ATTRIBUTE}]`))) element.remove();
}
