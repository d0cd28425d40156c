/**
 * The dashboard painted before the app's code has run (painter.ts fills it in): shown inert and hidden from assistive
 * technology in place of the app's root, which stays hidden until the live property list has rendered (or the app went
 * elsewhere) and releaseDashboardCopy() swaps the two in one frame.
 *
 * A tap on one of the copy's links or buttons is not lost: the copy marks it as pressed, and once the live list has
 * taken over, the same link or button there is tapped (issue 31). The copy is inert (nothing in it can be focused or
 * followed natively), so the tap is read at the document, from where the pointer was.
 */
import { preferredLanguage } from '@/lib/languages';
import { APP_ROOT_ID, DASHBOARD_COPY_ATTRIBUTE, TAPPED_ATTRIBUTE } from '../contract';
import { browserLanguages, readStoredLanguage } from '../stored-language';

/** If the app has not taken over by then (its code failed to load, say), the app's own screen is shown. */
const GIVE_UP_AFTER_MS = 15_000;

/** The language the app will show (i18n.ts's choice), which a copy must be in. */
export function preferredAppLanguage(): string {
  return preferredLanguage(readStoredLanguage(), browserLanguages());
}

/** Set once the app has shown a screen of its own: from then on no copy is shown. */
let released = false;

/** What is tapped: the copy's links and buttons, and the live page's. */
const TAPPABLE = 'a[href], button';

/**
 * A link or button as a person tells it apart: by where it goes and what it says. The copy is the live list's own
 * markup filled in with the same values, so the same link or button has the same signature in both.
 */
function signatureOf(element: Element): string {
  return [element.tagName, element.getAttribute('href') ?? '', element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''].join('|');
}

/** The last tap on the copy: the signature of what was tapped, which of the elements so signed it was, and where. */
let keptTap: { signature: string; index: number; pathname: string } | null = null;

function keepTap(event: MouseEvent): void {
  const copy = document.querySelector(`div[${DASHBOARD_COPY_ATTRIBUTE}]`);
  if (!copy) return;
  const tappable = Array.from(copy.querySelectorAll(TAPPABLE));
  const tapped = tappable.find((element) => {
    const box = element.getBoundingClientRect();
    return event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
  });
  if (!tapped) return;
  const signature = signatureOf(tapped);
  keptTap = { signature, index: tappable.filter((element) => signatureOf(element) === signature).indexOf(tapped), pathname: location.pathname };
  for (const element of Array.from(copy.querySelectorAll(`[${TAPPED_ATTRIBUTE}]`))) element.removeAttribute(TAPPED_ATTRIBUTE);
  tapped.setAttribute(TAPPED_ATTRIBUTE, '');
}

/** The kept tap, on the same link or button of the live page, if the host is still where they tapped. */
function replayTap(): void {
  const tap = keptTap;
  keptTap = null;
  if (!tap || location.pathname !== tap.pathname) return;
  const root = document.getElementById(APP_ROOT_ID);
  const target = Array.from(root?.querySelectorAll(TAPPABLE) ?? []).filter((element) => signatureOf(element) === tap.signature)[tap.index];
  // In a task of its own: the live list's handlers are in place once the render that released the copy is done.
  if (target instanceof HTMLElement) setTimeout(() => target.isConnected && target.click(), 0);
}

/**
 * Shows `content` with its `css` in place of the app's root, in `language`; returns whether it did (not once the app
 * has shown a screen, nor twice).
 */
export function showDashboardCopy(css: string, content: DocumentFragment, language: string): boolean {
  const root = document.getElementById(APP_ROOT_ID);
  if (!root || released || document.documentElement.hasAttribute(DASHBOARD_COPY_ATTRIBUTE)) return false;
  const style = document.createElement('style');
  style.setAttribute(DASHBOARD_COPY_ATTRIBUTE, '');
  // A tapped link or button looks pressed and the pointer says the page is still loading.
  style.textContent = `${css}\nhtml[${DASHBOARD_COPY_ATTRIBUTE}] #${APP_ROOT_ID}{display:none!important}\n[${TAPPED_ATTRIBUTE}]{opacity:.6!important}\nhtml[${DASHBOARD_COPY_ATTRIBUTE}]{cursor:progress}`;
  const copy = document.createElement('div');
  copy.setAttribute(DASHBOARD_COPY_ATTRIBUTE, '');
  copy.setAttribute('aria-hidden', 'true');
  copy.inert = true;
  copy.append(content);
  document.documentElement.lang = language;
  document.head.append(style);
  root.before(copy);
  document.documentElement.setAttribute(DASHBOARD_COPY_ATTRIBUTE, '');
  document.addEventListener('click', keepTap, true);
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
  document.removeEventListener('click', keepTap, true);
  document.documentElement.removeAttribute(DASHBOARD_COPY_ATTRIBUTE);
  for (const element of Array.from(document.querySelectorAll(`[${DASHBOARD_COPY_ATTRIBUTE}]`))) element.remove();
  replayTap();
}
