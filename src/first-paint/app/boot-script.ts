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
 * 3. What a visitor does before the app has hydrated is kept for it (src/first-paint/app/hydration.ts replays it): what they type
 *    into form fields (hydration would reset controlled fields to their rendered value), and the last button they
 *    clicked (held back, so a form is not submitted natively). A form sent with a field the browser's own check finds
 *    invalid (empty and required, say) is answered at once: the field is marked and the browser says why
 *    (early-invalid.ts); the app answers with its own messages once it is live.
 * 4. A menu that is a popover (the navbar's) opens at a tap before the app is live: the tap on its button is not held
 *    back, and the button's `aria-expanded` follows the popover until the app's own state takes over.
 */
import { readStoredSession } from '../stored-session';
import { browserLanguages, readStoredLanguage } from '../stored-language';
import { preferredLanguage } from '../../lib/languages';
import { answerEarlySubmit, unmarkEarlyInvalid } from './early-invalid';
import { type EarlyValues, HYDRATED_ATTRIBUTE, LEAVING_ATTRIBUTE, PRERENDERED_ATTRIBUTE, RELANG_ATTRIBUTE, SIGNED_IN_ATTRIBUTE } from '../contract';

const root = document.documentElement;

if (readStoredSession() !== null) {
  root.setAttribute(SIGNED_IN_ATTRIBUTE, '');
  if (location.pathname === '/') {
    root.setAttribute(LEAVING_ATTRIBUTE, '');
    location.replace(`/dashboard${location.search}${location.hash}`);
  }
}

const pageLanguage = root.getAttribute(PRERENDERED_ATTRIBUTE);
if (pageLanguage) {
  const wanted = preferredLanguage(readStoredLanguage(), browserLanguages());
  if (wanted !== pageLanguage) root.setAttribute(RELANG_ATTRIBUTE, wanted);
}

const holdBack = (event: Event) => {
  if (root.hasAttribute(HYDRATED_ATTRIBUTE)) return;
  const target = event.target instanceof Element ? event.target.closest('button, [role=button], input[type=submit]') : null;
  if (event.type === 'click' && (!target || target.hasAttribute('popovertarget'))) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (!target) return;
  window.__roomguideEarlyClick = target;
  if (event.type === 'click') answerEarlySubmit(target);
};
document.addEventListener('click', holdBack, true);
document.addEventListener('submit', holdBack, true);

const earlyValues: EarlyValues = new Map();
window.__roomguideEarlyValues = earlyValues;
const remember = (event: Event) => {
  if (root.hasAttribute(HYDRATED_ATTRIBUTE)) return;
  const field = event.target;
  if (field instanceof Element) unmarkEarlyInvalid(field);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) earlyValues.set(field, field.checked);
  else if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) earlyValues.set(field, field.value);
};
document.addEventListener('input', remember, true);
document.addEventListener('change', remember, true);

// Toggle events do not bubble: they are read on their way down.
document.addEventListener(
  'toggle',
  (event) => {
    const popover = event.target;
    if (root.hasAttribute(HYDRATED_ATTRIBUTE) || !(popover instanceof HTMLElement) || !popover.id) return;
    const open = String((event as ToggleEvent).newState === 'open');
    for (const button of Array.from(document.querySelectorAll('[popovertarget]')))
      if (button.getAttribute('popovertarget') === popover.id) button.setAttribute('aria-expanded', open);
  },
  true,
);
