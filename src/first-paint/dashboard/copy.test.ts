import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_ROOT_ID, DASHBOARD_COPY_ATTRIBUTE, TAPPED_ATTRIBUTE } from '../contract';

/** copy.ts keeps whether the app has taken over for the page's life: each test loads it afresh. */
async function freshCopyModule() {
  vi.resetModules();
  return import('./copy');
}

/** Two cards, each with its main link and its menu (a popover with one link and Delete), and the navbar's language field, as the copy and the live list draw them. */
const cards = (prefix: string) =>
  ['a1', 'b2']
    .map(
      (id) =>
        `<div data-testid="property-card"><a href="/dashboard/properties/${id}/qrcodes">View QR Codes</a>` +
        `<button type="button" aria-label="More actions" popovertarget="${prefix}-menu-${id}">…</button>` +
        `<div id="${prefix}-menu-${id}" popover="auto" role="menu"><a role="menuitem" href="/dashboard/properties/${id}/edit">Edit</a>` +
        `<button type="button" role="menuitem">Delete</button></div></div>`,
    )
    .join('') + '<select aria-label="Language"><option>English</option></select>';

function copyContent(): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = cards('copy');
  return template.content;
}

const copied = (selector: string) => document.querySelectorAll(`div[${DASHBOARD_COPY_ATTRIBUTE}] ${selector}`);

/** A tap on `element`; answers whether its default action (following a link, say) was prevented. */
function tapOn(element: Element): boolean {
  return !element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

/** The live list: the same markup in the app's root, every tap on it recorded (a menu's button still opens it). */
function liveList(taps: string[]): void {
  const root = document.getElementById(APP_ROOT_ID)!;
  root.innerHTML = cards('live');
  root.addEventListener('click', (event) => {
    const target = (event.target as Element).closest('a, button')!;
    if (target.hasAttribute('popovertarget')) return;
    event.preventDefault();
    const card = target.closest('[data-testid]')!.querySelector('a')!.getAttribute('href');
    taps.push(`${target.tagName} ${target.textContent} ${card}`);
  });
}

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  document.documentElement.removeAttribute(DASHBOARD_COPY_ATTRIBUTE);
});

describe('a tap on the dashboard painted before the app runs', () => {
  it('marks what was tapped, follows no link, and taps the same item on the live list once it takes over', async () => {
    const { showDashboardCopy, releaseDashboardCopy } = await freshCopyModule();
    document.body.innerHTML = `<div id="${APP_ROOT_ID}"></div>`;
    expect(showDashboardCopy('', copyContent(), 'en')).toBe(true);
    // Nothing of the copy is reached with Tab, and its fields take no input: the live page takes its place.
    expect(Array.from(copied('a, button')).map((element) => element.getAttribute('tabindex'))).toEqual(Array(8).fill('-1'));
    expect(copied('select')[0]).toHaveAttribute('inert');
    const deletes = copied('button[role=menuitem]');
    // The second card's Delete: the same label as the first's, told apart by its place.
    expect(tapOn(deletes[1])).toBe(true);
    expect(deletes[1].hasAttribute(TAPPED_ATTRIBUTE)).toBe(true);
    expect(deletes[0].hasAttribute(TAPPED_ATTRIBUTE)).toBe(false);

    const taps: string[] = [];
    liveList(taps);
    releaseDashboardCopy();
    await vi.waitFor(() => expect(taps).toEqual(['BUTTON Delete /dashboard/properties/b2/qrcodes']));
    expect(document.querySelector(`[${DASHBOARD_COPY_ATTRIBUTE}]`)).toBeNull();
  });

  it('taps the same link, the last one tapped only, and nothing when the host is elsewhere by then', async () => {
    const first = await freshCopyModule();
    document.body.innerHTML = `<div id="${APP_ROOT_ID}"></div>`;
    first.showDashboardCopy('', copyContent(), 'en');
    const links = copied('a[role=menuitem]');
    expect(tapOn(links[1])).toBe(true); // the copy's link is not followed: the live page's is
    tapOn(copied('a')[0]);
    expect(Array.from(copied(`[${TAPPED_ATTRIBUTE}]`))).toEqual([copied('a')[0]]);
    const taps: string[] = [];
    liveList(taps);
    first.releaseDashboardCopy();
    await vi.waitFor(() => expect(taps).toEqual(['A View QR Codes /dashboard/properties/a1/qrcodes']));

    const second = await freshCopyModule();
    document.body.innerHTML = `<div id="${APP_ROOT_ID}"></div>`;
    second.showDashboardCopy('', copyContent(), 'en');
    tapOn(copied('a')[0]);
    const elsewhere: string[] = [];
    liveList(elsewhere);
    history.pushState(null, '', '/login');
    second.releaseDashboardCopy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(elsewhere).toEqual([]);
    history.pushState(null, '', '/');
  });

  it("opens a card's menu at once, and the live card's menu in its place when the live list takes over", async () => {
    const { showDashboardCopy, releaseDashboardCopy } = await freshCopyModule();
    document.body.innerHTML = `<div id="${APP_ROOT_ID}"></div>`;
    showDashboardCopy('', copyContent(), 'en');
    const menuButtons = copied('button[popovertarget]');
    tapOn(menuButtons[0]); // opened, then closed again: no menu is kept open
    tapOn(menuButtons[0]);
    tapOn(menuButtons[1]);
    expect(copied('[role=menu]')[1]).toHaveStyle({ display: 'block' });
    expect(menuButtons[1].hasAttribute(TAPPED_ATTRIBUTE)).toBe(false);

    const taps: string[] = [];
    liveList(taps);
    const liveMenus = document.querySelectorAll(`#${APP_ROOT_ID} [role=menu]`);
    const opened = new Promise((resolve) => liveMenus[1].addEventListener('toggle', resolve));
    releaseDashboardCopy();
    await opened;
    expect(liveMenus[1]).toHaveStyle({ display: 'block' });
    expect(liveMenus[0]).not.toHaveStyle({ display: 'block' });
    expect(taps).toEqual([]);
  });

  it('keeps no tap that missed every link and button', async () => {
    const { showDashboardCopy, releaseDashboardCopy } = await freshCopyModule();
    document.body.innerHTML = `<div id="${APP_ROOT_ID}"></div>`;
    showDashboardCopy('', copyContent(), 'en');
    tapOn(copied('[data-testid=property-card]')[0]);
    const taps: string[] = [];
    liveList(taps);
    releaseDashboardCopy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(taps).toEqual([]);
  });
});
