/**
 * Shows the kept dashboard (store.ts) from the app's entry module, before the app's code has loaded: a copy of the
 * page as it was last shown, inert and hidden from assistive technology, in place of the app's root, which is hidden
 * until the live property list has rendered (or the app went elsewhere) and release() swaps the two in one frame.
 */
import { languageStorageKey, preferredLanguage } from '@/lib/languages';
import { domOf } from './dom';
import { readKeptDashboard } from './store';

const MARKER = 'data-kept-dashboard';
/** If the app has not taken over by then (its code failed to load, say), the app's own screen is shown. */
const GIVE_UP_AFTER_MS = 15_000;

function preferredAppLanguage(): string {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(languageStorageKey);
  } catch {
    // storage blocked: the browser's languages decide, as in i18n.ts
  }
  return preferredLanguage(stored, [...(navigator.languages ?? []), navigator.language]);
}

/** Paints the kept copy for the signed-in user, if there is one that matches; returns whether it did. */
export function paintKeptDashboard(): boolean {
  const root = document.getElementById('root');
  const language = preferredAppLanguage();
  const kept = root ? readKeptDashboard({ language, viewportWidth: window.innerWidth }) : null;
  if (!root || !kept) return false;
  const style = document.createElement('style');
  style.setAttribute(MARKER, '');
  style.textContent = `${kept.css}\nhtml[${MARKER}] #root{display:none!important}`;
  const copy = document.createElement('div');
  copy.setAttribute(MARKER, '');
  copy.setAttribute('aria-hidden', 'true');
  copy.inert = true;
  copy.append(domOf(kept.nodes, document));
  document.documentElement.lang = language;
  document.head.append(style);
  root.before(copy);
  document.documentElement.setAttribute(MARKER, '');
  setTimeout(releaseKeptDashboard, GIVE_UP_AFTER_MS);
  return true;
}

/** Removes the kept copy and shows the app's root; does nothing if no copy is shown. */
export function releaseKeptDashboard(): void {
  if (!document.documentElement.hasAttribute(MARKER)) return;
  document.documentElement.removeAttribute(MARKER);
  for (const element of Array.from(document.querySelectorAll(`[${MARKER}]`))) element.remove();
}
