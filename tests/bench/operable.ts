/**
 * When a page answers a tap (issue 31): from the start of navigation, a tap on one of the page's own controls is
 * tried every 100 ms, as a touch screen dispatches it (pointer and mouse down and up, then click); the page is
 * operable at the first tap whose answer shows (`answered` matches): when the page's own handler first ran and
 * changed what is shown, be it the app's or the platform's (a popover opened by its button). A tap on a control
 * that needs the app's code and whose code has not arrived changes nothing.
 *
 * The controls are buttons, never links: a link navigates wherever the code is, which says nothing of the page.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { KEEP_NAMES_SHIM } from './harness.ts';

export interface OperableProbe {
  /** The control to tap (the first match). */
  control: string;
  /** Matches once the page has answered the tap (a menu shown, a state flipped). */
  answered: string;
}

/**
 * The navbar's menu button, on every public page at a phone's width: it opens the menu. The menu is the platform's
 * popover, which opens without the app's code; the boot script keeps the button's `aria-expanded` until the app is
 * live, so the figure is when the painted page answers, and `first: interactive` when the app is live.
 */
export const navbarMenuProbe: OperableProbe = {
  control: 'nav button[aria-controls][aria-expanded]',
  answered: 'nav button[aria-controls][aria-expanded="true"]',
};

/**
 * A form's submit button, pressed with the fields empty: the app's own check marks a field invalid. Before the app is
 * live the press is kept (the boot script) and answered once it is.
 */
export const formSubmitProbe: OperableProbe = {
  control: 'main form button[type=submit]',
  answered: 'main form [aria-invalid=true]',
};

/**
 * The guide's "Copy password" (the first WiFi card's): the card says whether it copied (a tap the bench sends is not a
 * person's, so the browser may refuse the clipboard; the card then says so, which is an answer all the same).
 */
export const copyPasswordProbe: OperableProbe = {
  control: '.rg-wifi .rg-actions button.rg-button-primary',
  answered: '.rg-wifi [role=status]:not(:empty)',
};

declare global {
  interface Window {
    /** When each probe's tap was first answered, by the probe's key. */
    __benchOperableAt?: Record<string, number>;
  }
}

const TAP_INTERVAL_MS = 100;

/**
 * Taps the probe's control in every document of the context until the page answers; see `operableAt`. Several probes
 * may watch the same page, each under its own key.
 */
export async function watchOperable(context: BrowserContext, probe: OperableProbe, key = 'control'): Promise<void> {
  await context.addInitScript(KEEP_NAMES_SHIM);
  await context.addInitScript(
    ({ control, answered, interval, probeKey }: OperableProbe & { interval: number; probeKey: string }) => {
      let lastTap: number | null = null;
      const settle = (): boolean => {
        const answers = (window.__benchOperableAt ??= {});
        if (answers[probeKey] !== undefined) return true;
        if (lastTap === null || !document.querySelector(answered)) return false;
        answers[probeKey] = lastTap;
        return true;
      };
      // The answer may come in a later task than the tap: it is noted as soon as the document shows it, and no
      // further tap is sent (a second one would close the menu again).
      new MutationObserver(settle).observe(document, { subtree: true, childList: true, attributes: true });
      const tap = () => {
        if (settle()) {
          clearInterval(timer);
          return;
        }
        const target = document.querySelector(control);
        if (!target) return;
        lastTap = performance.now();
        const init = { bubbles: true, cancelable: true, composed: true, button: 0, isPrimary: true, pointerType: 'touch' };
        target.dispatchEvent(new PointerEvent('pointerdown', init));
        target.dispatchEvent(new MouseEvent('mousedown', init));
        target.dispatchEvent(new PointerEvent('pointerup', init));
        target.dispatchEvent(new MouseEvent('mouseup', init));
        target.dispatchEvent(new MouseEvent('click', init));
        settle();
      };
      const timer = setInterval(tap, interval);
    },
    { ...probe, interval: TAP_INTERVAL_MS, probeKey: key },
  );
}

/** When the current document first answered the tap of the probe under `key` (ms from its navigation start); waits for it up to a minute. */
export async function operableAt(page: Page, key = 'control'): Promise<number> {
  await page.waitForFunction((probeKey) => window.__benchOperableAt?.[probeKey] !== undefined, key, { timeout: 60_000, polling: 100 });
  return page.evaluate((probeKey) => window.__benchOperableAt![probeKey]!, key);
}
