/**
 * The popover API for jsdom, which hides a closed `popover` but cannot open one: a click on a button with
 * `popovertarget` toggles its popover, and `showPopover`, `hidePopover` and `togglePopover` work, each change preceded
 * by a `beforetoggle` event and followed by a `toggle` event with its `newState`, as in a browser (there the
 * `toggle` event comes a task later). An open popover is shown by an inline `display`; Escape closes the last one
 * opened, and closing one gives the focus back to the button that opened it if the focus was in it. Browser tests use Chromium's own.
 */
const openPopovers = new WeakSet<HTMLElement>();
/** The open popovers, the last opened last, each with the button that opened it. */
const openedBy: { popover: HTMLElement; invoker: HTMLElement | null }[] = [];

function setPopoverOpen(popover: HTMLElement, open: boolean): boolean {
  if (openPopovers.has(popover) === open) return open;
  const states = { newState: open ? 'open' : 'closed', oldState: open ? 'closed' : 'open' };
  popover.dispatchEvent(Object.assign(new Event('beforetoggle'), states));
  if (open) {
    openPopovers.add(popover);
    openedBy.push({ popover, invoker: null });
  } else {
    openPopovers.delete(popover);
    const [{ invoker }] = openedBy.splice(
      openedBy.findIndex((entry) => entry.popover === popover),
      1,
    );
    if (popover.contains(document.activeElement)) invoker?.focus();
  }
  popover.style.display = open ? 'block' : '';
  popover.dispatchEvent(Object.assign(new Event('toggle'), states));
  return open;
}

export function installPopoverStandIn(): void {
  if (typeof HTMLElement.prototype.togglePopover === 'function') return;
  HTMLElement.prototype.showPopover = function showPopover(this: HTMLElement) {
    setPopoverOpen(this, true);
  };
  HTMLElement.prototype.hidePopover = function hidePopover(this: HTMLElement) {
    setPopoverOpen(this, false);
  };
  HTMLElement.prototype.togglePopover = function togglePopover(this: HTMLElement, options?: boolean | { force?: boolean }) {
    const force = typeof options === 'boolean' ? options : options?.force;
    return setPopoverOpen(this, force ?? !openPopovers.has(this));
  };
  // A button's own activation: after the click's listeners, unless one of them prevented it.
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const invoker = event.target.closest('button[popovertarget]');
    const popover = invoker ? document.getElementById(invoker.getAttribute('popovertarget') ?? '') : null;
    if (popover?.togglePopover() && invoker instanceof HTMLElement) openedBy[openedBy.length - 1].invoker = invoker;
  });
  document.addEventListener('keydown', (event) => {
    const last = openedBy.at(-1);
    if (event.key === 'Escape' && last) last.popover.hidePopover();
  });
}
