/**
 * The dashboard painted before the app's code has run (painter.ts fills it in): shown hidden from assistive
 * technology in place of the app's root, which stays hidden until the live property list has rendered (or the app went
 * elsewhere) and releaseDashboardCopy() swaps the two in one frame.
 *
 * A card's menu opens at a tap: it is the platform's popover (src/components/popover-menu.tsx), and if it is still
 * open when the live list takes over, the live card's menu opens in its place. Any other tap on one of the copy's
 * links or buttons is not lost (issue 31): the copy marks it as pressed, and once the live list has taken over, the
 * same link or button there is tapped. Nothing in the copy is reached with Tab, nor followed natively; its fields
 * take no input.
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

/** Which of the page's elements with the same signature `element` is, in document order. */
function placeOf(element: Element, among: readonly Element[]): { signature: string; index: number } {
  const signature = signatureOf(element);
  return { signature, index: among.filter((other) => signatureOf(other) === signature).indexOf(element) };
}

/** The same link or button in the app's root (the live page), if it is there. */
function livePeer({ signature, index }: { signature: string; index: number }): HTMLElement | null {
  const root = document.getElementById(APP_ROOT_ID);
  const peer = Array.from(root?.querySelectorAll(TAPPABLE) ?? []).filter((element) => signatureOf(element) === signature)[index];
  return peer instanceof HTMLElement ? peer : null;
}

/** The last tap on the copy: the signature of what was tapped, which of the elements so signed it was, and where. */
let keptTap: { signature: string; index: number; pathname: string } | null = null;

function copyShown(): Element | null {
  return document.querySelector(`div[${DASHBOARD_COPY_ATTRIBUTE}]`);
}

function keepTap(event: MouseEvent): void {
  const copy = copyShown();
  const tapped = event.target instanceof Element ? event.target.closest(TAPPABLE) : null;
  if (!copy || !tapped || !copy.contains(tapped)) return;
  for (const element of Array.from(copy.querySelectorAll(`[${TAPPED_ATTRIBUTE}]`))) element.removeAttribute(TAPPED_ATTRIBUTE);
  keptTap = null;
  // The platform opens or closes the copy's own menu.
  if (tapped.hasAttribute('popovertarget')) return;
  event.preventDefault();
  keptTap = { ...placeOf(tapped, Array.from(copy.querySelectorAll(TAPPABLE))), pathname: location.pathname };
  tapped.setAttribute(TAPPED_ATTRIBUTE, '');
}

/** The copy's menu that is open, if one is (the popovers' `toggle` events say). */
let openCopyMenu: Element | null = null;

function followMenus(event: Event): void {
  const opened = (event as ToggleEvent).newState === 'open';
  if (opened) openCopyMenu = event.target as Element;
  else if (openCopyMenu === event.target) openCopyMenu = null;
}

/** The button of the copy's menu that is open, as its place among the copy's links and buttons. */
function openMenuButton(copy: Element): { signature: string; index: number } | null {
  const button = openCopyMenu?.id ? copy.querySelector(`[popovertarget="${openCopyMenu.id}"]`) : null;
  return button ? placeOf(button, Array.from(copy.querySelectorAll(TAPPABLE))) : null;
}

/**
 * The kept tap, on the same link or button of the live page, if the host is still where they tapped; else the menu
 * that was open on the copy, opened on the live page.
 */
function replayTap(openMenu: { signature: string; index: number } | null): void {
  const tap = keptTap;
  keptTap = null;
  if (!tap && !openMenu) return;
  // In a task of its own: the live list's handlers are in place once the render that released the copy is done.
  setTimeout(() => {
    if (tap) {
      if (tap.pathname === location.pathname) livePeer(tap)?.click();
    } else if (openMenu) {
      const button = livePeer(openMenu);
      const menuId = button?.getAttribute('popovertarget');
      const menu = menuId ? document.getElementById(menuId) : null;
      if (!button || !menu || typeof menu.showPopover !== 'function' || menu.matches(':popover-open')) return;
      button.focus(); // where the focus goes back to when the menu closes, as if the button had opened it
      menu.showPopover();
    }
  }, 0);
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
  copy.append(content);
  for (const element of Array.from(copy.querySelectorAll('a[href], button, [tabindex]'))) element.setAttribute('tabindex', '-1');
  // What is chosen or typed in a field (the navbar's language) would be lost when the live page takes over.
  for (const field of Array.from(copy.querySelectorAll('input, select, textarea'))) field.setAttribute('inert', '');
  document.documentElement.lang = language;
  document.head.append(style);
  root.before(copy);
  document.documentElement.setAttribute(DASHBOARD_COPY_ATTRIBUTE, '');
  document.addEventListener('click', keepTap, true);
  copy.addEventListener('toggle', followMenus, true); // toggle does not bubble
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
  const copy = copyShown();
  const openMenu = copy ? openMenuButton(copy) : null;
  document.documentElement.removeAttribute(DASHBOARD_COPY_ATTRIBUTE);
  for (const element of Array.from(document.querySelectorAll(`[${DASHBOARD_COPY_ATTRIBUTE}]`))) element.remove();
  replayTap(openMenu);
}
