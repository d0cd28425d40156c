/**
 * A form sent before the app is live is answered at once by the browser's own check of its fields (`required`, the
 * input's type): the boot script marks what it finds invalid and the browser says why, in its own words. Once the
 * app is live it checks the form itself, with its own messages (hydration.ts makes the kept press again), and the
 * early marks are taken off first: React's idea of the fields is the page as it was made.
 *
 * Inlined into every page by the boot script: it imports only constants.
 */
import { EARLY_INVALID_ATTRIBUTE } from '../contract';

/**
 * Spread on every field of a form on a page made at build time: the boot script may mark it before the page hydrates,
 * which React would otherwise report as a mismatch (it leaves the marks; they come off when the app checks the form).
 */
export const earlyCheckedField = { suppressHydrationWarning: true } as const;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isField(element: Element): element is Field {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

/** The form `button` sends, if the browser's check finds a field of it invalid: each such field marked, the first told why. */
export function answerEarlySubmit(button: Element): void {
  const form = button instanceof HTMLButtonElement || button instanceof HTMLInputElement ? button.form : null;
  if (!form || (button as HTMLButtonElement | HTMLInputElement).type !== 'submit' || form.checkValidity()) return;
  for (const field of Array.from(form.elements)) {
    if (!isField(field) || field.validity.valid || field.hasAttribute(EARLY_INVALID_ATTRIBUTE)) continue;
    field.setAttribute(EARLY_INVALID_ATTRIBUTE, field.getAttribute('aria-invalid') ?? '');
    field.setAttribute('aria-invalid', 'true');
  }
  form.reportValidity();
}

/** Takes the early mark off `field`: when it has become valid, or (`always`) when the app takes the form over. */
export function unmarkEarlyInvalid(field: Element, always = false): void {
  const before = field.getAttribute(EARLY_INVALID_ATTRIBUTE);
  if (before === null || (!always && isField(field) && !field.validity.valid)) return;
  if (before === '') field.removeAttribute('aria-invalid');
  else field.setAttribute('aria-invalid', before);
  field.removeAttribute(EARLY_INVALID_ATTRIBUTE);
}

/** Takes every early mark off the page. */
export function unmarkAllEarlyInvalid(): void {
  for (const field of Array.from(document.querySelectorAll(`[${EARLY_INVALID_ATTRIBUTE}]`))) unmarkEarlyInvalid(field, true);
}
