/**
 * The popover API for jsdom, which hides a closed `popover` but cannot open one: a click on a button with
 * `popovertarget` toggles its popover, and `showPopover`, `hidePopover` and `togglePopover` work, each change preceded
 * by a `beforetoggle` event and followed by a `toggle` event with its `newState`, as in a browser (there the
 * `toggle` event comes a task later). An open popover is shown
 * by an inline `display`. Browser tests use Chromium's own.
 */
const openPopovers = new WeakSet<HTMLElement>();

function setPopoverOpen(popover: HTMLElement, open: boolean): boolean {
  if (openPopovers.has(popover) === open) return open;
  const states = { newState: open ? 'open' : 'closed', oldState: open ? 'closed' : 'open' };
  popover.dispatchEvent(Object.assign(new Event('beforetoggle'), states));
  if (open) openPopovers.add(popover);
  else openPopovers.delete(popover);
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
    popover?.togglePopover();
  });
}
