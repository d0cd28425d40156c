/**
 * The inline script at the top of every app page's <head> (index.html and the public pages made at build time), run
 * before the body is parsed. The build bundles it into the HTML files themselves (prerender.config.ts), so a strict
 * Content Security Policy can allow it by its hash; it imports only constants and small functions without imports.
 *
 * 1. A returning host (a session in storage) is marked on `<html data-signed-in>`, which hides the visitors' Login and
 *    Register links until the app knows more; on / the host goes straight to /dashboard before anything paints.
 * 2. A page made in another language than the visitor's (the remembered choice, else the browser's languages) is
 *    hidden (`data-relang`) and the app renders it in the right language instead of hydrating it: no flash of the
 *    wrong language.
 * 3. What a visitor does before the app has hydrated is kept for it (src/app/hydration.ts replays it): what they type
 *    into form fields (hydration would reset controlled fields to their rendered value), and the last button they
 *    clicked (held back, so a form is not submitted natively).
 */
import { readStoredSession } from '../../lib/stored-session';
import { languageStorageKey, preferredLanguage } from '../../lib/languages';
import { earlyClickProperty, earlyValuesProperty, type EarlyValues } from './early-input';

const root = document.documentElement;

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(languageStorageKey);
  } catch {
    return null;
  }
}

if (readStoredSession() !== null) {
  root.setAttribute('data-signed-in', '');
  if (location.pathname === '/') {
    root.setAttribute('data-leaving', '');
    location.replace(`/dashboard${location.search}${location.hash}`);
  }
}

const pageLanguage = root.getAttribute('data-prerendered');
if (pageLanguage) {
  const wanted = preferredLanguage(storedLanguage(), navigator.languages ?? [navigator.language]);
  if (wanted !== pageLanguage) root.setAttribute('data-relang', wanted);
}

const holdBack = (event: Event) => {
  if (root.hasAttribute('data-hydrated')) return;
  const target = event.target instanceof Element ? event.target.closest('button, [role=button], input[type=submit]') : null;
  if (event.type === 'click' && !target) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (target) (window as unknown as Record<string, unknown>)[earlyClickProperty] = target;
};
document.addEventListener('click', holdBack, true);
document.addEventListener('submit', holdBack, true);

const earlyValues: EarlyValues = new Map();
(window as unknown as Record<string, unknown>)[earlyValuesProperty] = earlyValues;
const remember = (event: Event) => {
  if (root.hasAttribute('data-hydrated')) return;
  const field = event.target;
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) earlyValues.set(field, field.checked);
  else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) earlyValues.set(field, field.value);
};
document.addEventListener('input', remember, true);
document.addEventListener('change', remember, true);
