import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_ROOT_ID, DASHBOARD_COPY_ATTRIBUTE, TAPPED_ATTRIBUTE } from '../contract';

/** copy.ts keeps whether the app has taken over for the page's life: each test loads it afresh. */
async function freshCopyModule() {
  vi.resetModules();
  return import('./copy');
}

const cards = (prefix: string) =>
  ['a1', 'b2']
    .map(
      (id) =>
        `<div data-testid="property-card"><a href="/dashboard/properties/${id}/qrcodes">View QR Codes</a><button type="button" aria-label="More actions" data-copy="${prefix}">…</button></div>`,
    )
    .join('');

function copyContent(): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = cards('copy');
  return template.content;
}

/** Puts the element under the pointer at (x, y) and taps there, as a finger on the inert copy does: at the document. */
function tapOn(element: Element, x = 50, y = 20): void {
  element.getBoundingClientRect = () => ({
    left: x - 10,
    right: x + 10,
    top: y - 10,
    bottom: y + 10,
    width: 20,
    height: 20,
    x: x - 10,
    y: y - 10,
    toJSON: () => ({}),
  });
  document.body.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
}

/** The live list: the same markup in the app's root, every tap on it recorded. */
function liveList(taps: string[]): void {
  const root = document.getElementById(APP_ROOT_ID)!;
  root.innerHTML = cards('live');
  root.addEventListener('click', (event) => {
    const target = (event.target as Element).closest('a, button')!;
    event.preventDefault();
    taps.push(`${target.tagName} ${target.getAttribute('href') ?? target.closest('[data-testid]')!.querySelector('a')!.getAttribute('href')}`);
  });
}

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  document.documentElement.removeAttribute(DASHBOARD_COPY_ATTRIBUTE);
});

describe('a tap on the dashboard painted before the app runs', () => {
  it('marks what was tapped and taps the same button on the live list once it takes over', async () => {
    const { showDashboardCopy, releaseDashboardCopy } = await freshCopyModule();
    document.body.innerHTML = `<div id="${APP_ROOT_ID}"></div>`;
    expect(showDashboardCopy('', copyContent(), 'en')).toBe(true);
    const copyButtons = document.querySelectorAll(`div[${DASHBOARD_COPY_ATTRIBUTE}] button`);
    // The second card's menu button: the same label as the first's, told apart by its place.
    tapOn(copyButtons[1]);
    expect(copyButtons[1].hasAttribute(TAPPED_ATTRIBUTE)).toBe(true);
    expect(copyButtons[0].hasAttribute(TAPPED_ATTRIBUTE)).toBe(false);

    const taps: string[] = [];
    liveList(taps);
    releaseDashboardCopy();
    await vi.waitFor(() => expect(taps).toEqual(['BUTTON /dashboard/properties/b2/qrcodes']));
    expect(document.querySelector(`[${DASHBOARD_COPY_ATTRIBUTE}]`)).toBeNull();
  });

  it('taps the same link, the last one tapped only, and nothing when the host is elsewhere by then', async () => {
    const first = await freshCopyModule();
    document.body.innerHTML = `<div id="${APP_ROOT_ID}"></div>`;
    first.showDashboardCopy('', copyContent(), 'en');
    const links = document.querySelectorAll(`div[${DASHBOARD_COPY_ATTRIBUTE}] a`);
    tapOn(links[1], 50, 20);
    tapOn(links[0], 50, 60);
    const taps: string[] = [];
    liveList(taps);
    first.releaseDashboardCopy();
    await vi.waitFor(() => expect(taps).toEqual(['A /dashboard/properties/a1/qrcodes']));

    const second = await freshCopyModule();
    document.body.innerHTML = `<div id="${APP_ROOT_ID}"></div>`;
    second.showDashboardCopy('', copyContent(), 'en');
    tapOn(document.querySelectorAll(`div[${DASHBOARD_COPY_ATTRIBUTE}] a`)[0]);
    const elsewhere: string[] = [];
    liveList(elsewhere);
    history.pushState(null, '', '/login');
    second.releaseDashboardCopy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(elsewhere).toEqual([]);
    history.pushState(null, '', '/');
  });

  it('keeps no tap that missed every link and button', async () => {
    const { showDashboardCopy, releaseDashboardCopy } = await freshCopyModule();
    document.body.innerHTML = `<div id="${APP_ROOT_ID}"></div>`;
    showDashboardCopy('', copyContent(), 'en');
    document.body.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 500, clientY: 500 }));
    const taps: string[] = [];
    liveList(taps);
    releaseDashboardCopy();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(taps).toEqual([]);
  });
});
