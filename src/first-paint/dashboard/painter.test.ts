import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PropertyRow, RoomRow } from '@/lib/data/rows';
import {
  AUTH_STORAGE_KEY,
  DASHBOARD_TEMPLATE_ID,
  DASHBOARD_COPY_ATTRIBUTE,
  LANGUAGE_STORAGE_KEY,
  TEMPLATE_LANGUAGE_ATTRIBUTE,
  TEMPLATE_ROOM_COUNTS_ATTRIBUTE,
} from '../contract';
import { releaseDashboardCopy } from './copy';
import { keepDashboard } from './kept-data';
import { fillDashboardTemplate, keptProperties, paintDashboard, roomCountsOf } from './painter';
import { rememberTeam, teamProperties } from '../stored-team';
import type { TeamRole } from '@/lib/team-access';
import { roomCountText, templateCards, templateValues, type RoomCountWords } from './template';

const { email, name, address } = templateValues;
const [hotelSample, otherSample] = templateCards;

const english: RoomCountWords = { zero: '{{count}} rooms', byCategory: { one: '{{count}} room', other: '{{count}} rooms' } };

/**
 * A template shaped like the build's (src/first-paint/app/prerender.tsx): the welcome line, the navbar's email and its
 * phone menu (empty until the app renders it), one card per kind.
 */
function template(cards: string[] = [card(hotelSample.id, 'Hotel', 'Create Hotel QR'), card(otherSample.id, 'Other', 'Create room QR')]): HTMLTemplateElement {
  const element = document.createElement('template');
  element.setAttribute(TEMPLATE_ROOM_COUNTS_ATTRIBUTE, JSON.stringify(english));
  element.innerHTML = `<style>.css-card{padding:1rem}</style><main id="main"><p data-testid="welcome-line">Welcome, ${email}</p>
    <span title="${email}" data-testid="navbar-email">${email}</span><button popovertarget="_r_1_">Menu</button><div id="_r_1_" popover="auto"></div>
    <div class="grid">${cards.join('')}</div></main>`;
  return element;
}

/** A card: its rooms link, and its menu (src/components/popover-menu.tsx) with one link and Delete. */
function card(id: string, badge: string, create: string): string {
  return `<div data-testid="property-card"><h2>${name}</h2><span>${badge}</span><p>${address}</p><p data-testid="room-count">0 rooms</p>
    <a href="/dashboard/properties/${id}/qrcodes">View QR Codes</a><button aria-label="More actions" popovertarget="card-menu-${id}">…</button>
    <div id="card-menu-${id}" popover="auto" role="menu"><a role="menuitem" href="/dashboard/properties/${id}/qrcodes/new">${create}</a>
    <div role="separator"></div><button type="button" role="menuitem" data-value="delete">Delete</button></div></div>`;
}

const ownTeam = '00000000-0000-4000-8000-0000000000aa';
const joinedTeam = '00000000-0000-4000-8000-0000000000bb';

const property = (id: string, values: Partial<PropertyRow>): PropertyRow => ({
  id,
  team_id: ownTeam,
  name: 'x',
  type: 'hotel',
  address: null,
  created_at: '2026-01-01T00:00:00Z',
  ...values,
});
const room = (propertyId: string): RoomRow => ({
  id: crypto.randomUUID(),
  property_id: propertyId,
  name: 'r',
  room_number: '1',
  scan_count: 0,
  created_at: '',
});

const casa = '11111111-1111-4111-8111-111111111111';
const finca = '22222222-2222-4222-8222-222222222222';

function fill(properties: PropertyRow[], rooms: RoomRow[] = [], from = template(), role: TeamRole = 'owner') {
  const filled = fillDashboardTemplate(from, { email: 'host@example.com', properties: keptProperties(properties, roomCountsOf(rooms)), language: 'en', role });
  const container = document.createElement('div');
  if (filled) container.append(filled.content);
  return { filled, container, cards: Array.from(container.querySelectorAll('[data-testid=property-card]')) };
}

describe('the dashboard filled in from the template', () => {
  it('makes one card per property in the read’s order, of its kind, with its name, address, room count and links', () => {
    const { filled, container, cards } = fill(
      [
        property(casa, { name: 'Casa Primera', type: 'hotel', address: 'Calle Mayor 1' }),
        property(finca, { name: 'Finca', type: 'apartment' as PropertyRow['type'] }),
      ],
      [room(casa), room(casa), room(finca)],
    );
    expect(filled?.css).toBe('.css-card{padding:1rem}');
    expect(container.querySelector('style')).toBeNull();
    expect(cards.map((element) => element.querySelector('h2')?.textContent)).toEqual(['Casa Primera', 'Finca']);
    // Any type other than hotel is shown as other (displayPropertyType).
    expect(cards.map((element) => element.querySelectorAll('a')[1]?.textContent)).toEqual(['Create Hotel QR', 'Create room QR']);
    expect(cards[0].textContent).toContain('Calle Mayor 1');
    expect(cards[1].textContent).not.toContain(address);
    expect(cards.map((element) => element.querySelector('[data-testid=room-count]')?.textContent)).toEqual(['2 rooms', '1 room']);
    expect(cards[0].querySelector('a')?.getAttribute('href')).toBe(`/dashboard/properties/${casa}/qrcodes`);
    expect(cards[1].querySelectorAll('a')[1]?.getAttribute('href')).toBe(`/dashboard/properties/${finca}/qrcodes/new`);
    expect(container.querySelector('[data-testid=welcome-line]')?.textContent).toBe('Welcome, host@example.com');
    expect(container.querySelector('[data-testid=navbar-email]')?.getAttribute('title')).toBe('host@example.com');
    // The only ids are the cards' menus', each its own and not the live list's; the navbar's empty menu is not opened.
    expect(Array.from(container.querySelectorAll('[id]')).map((element) => element.id)).toEqual([`copy-card-menu-${casa}`, `copy-card-menu-${finca}`]);
    expect(Array.from(container.querySelectorAll('[popovertarget]')).map((button) => button.getAttribute('popovertarget'))).toEqual([
      `copy-card-menu-${casa}`,
      `copy-card-menu-${finca}`,
    ]);
  });

  it('puts the host’s values in as text, and an id that is not a uuid in no link', () => {
    const { container, cards } = fill([property('"><script>alert(1)</script>', { name: '<img src=x onerror=alert(1)>', address: '<b>bold</b>' })]);
    expect(cards[0].querySelector('h2')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(cards[0].querySelectorAll('a[href]')).toHaveLength(0);
    expect(container.querySelector('[id], [popovertarget]')).toBeNull();
  });

  it('leaves out an address that is only spaces, as the live card does', () => {
    const { cards } = fill([property(casa, { address: '   ' })]);
    expect(cards[0].querySelectorAll('p')).toHaveLength(1);
  });

  it('gives up on a template without one card of each kind (the app paints the page)', () => {
    expect(fill([property(casa, {})], [], template([card(hotelSample.id, 'Hotel', 'Create Hotel QR')])).filled).toBeNull();
  });
});

describe('the copy for a role that may not change properties', () => {
  it('leaves out the links that change a property and Delete, as the live card does, and keeps the rooms', () => {
    const items = (role: TeamRole) =>
      Array.from(fill([property(casa, {})], [], template(), role).container.querySelectorAll('a, [role=menu] > *')).map(
        (item) => item.getAttribute('role') ?? item.textContent,
      );
    expect(items('owner')).toEqual(['View QR Codes', 'menuitem', 'separator', 'menuitem']);
    expect(items('editor')).toEqual(['View QR Codes', 'menuitem']);
    expect(items('front_desk')).toEqual(['View QR Codes']);
  });
});

describe('painting the dashboard before the app runs', () => {
  const alice = '00000000-0000-4000-8000-00000000000a';
  afterEach(() => {
    localStorage.clear();
    document.body.replaceChildren();
  });

  function pageWithTemplate(language = 'en'): void {
    const element = template();
    element.id = DASHBOARD_TEMPLATE_ID;
    element.setAttribute(TEMPLATE_LANGUAGE_ATTRIBUTE, language);
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(element, root);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ refresh_token: 'r', user: { id: alice, email: 'alice@example.com' } }));
  }

  it('paints what the last visit kept for the stored session’s host and team at once, in the page’s language', () => {
    pageWithTemplate();
    rememberTeam(alice, ownTeam);
    keepDashboard({ userId: alice, teamId: ownTeam, role: 'owner', properties: [{ id: casa, name: 'Casa Kept', type: 'hotel', address: null, roomCount: 3 }] });
    expect(paintDashboard()).toBe(true);
    const copy = document.querySelector(`div[${DASHBOARD_COPY_ATTRIBUTE}]`);
    expect(copy?.getAttribute('aria-hidden')).toBe('true');
    expect(copy?.querySelector('h2')?.textContent).toBe('Casa Kept');
    expect(copy?.querySelector('[data-testid=room-count]')?.textContent).toBe('3 rooms');
    expect(copy?.querySelector('[data-testid=welcome-line]')?.textContent).toBe('Welcome, alice@example.com');
    releaseDashboardCopy();
    expect(document.querySelector(`[${DASHBOARD_COPY_ATTRIBUTE}]`)).toBeNull();
  });

  it('paints nothing at once for another host’s list, nor for a page made in another language', async () => {
    pageWithTemplate();
    keepDashboard({
      userId: '00000000-0000-4000-8000-00000000000b',
      teamId: ownTeam,
      role: 'owner',
      properties: [{ id: casa, name: 'Not Alice’s', type: 'hotel', address: null, roomCount: 0 }],
    });
    // It waits for the early reads, which were not started here: nothing is painted.
    await expect(paintDashboard()).resolves.toBe(false);
    document.body.replaceChildren();
    pageWithTemplate('de');
    keepDashboard({ userId: alice, teamId: ownTeam, role: 'owner', properties: [{ id: casa, name: 'Casa Kept', type: 'hotel', address: null, roomCount: 0 }] });
    expect(paintDashboard()).toBe(false);
    expect(document.querySelector(`[${DASHBOARD_COPY_ATTRIBUTE}]`)).toBeNull();
  });

  it('paints nothing at once from a list kept for another team than the one the host chose since', async () => {
    pageWithTemplate();
    keepDashboard({ userId: alice, teamId: ownTeam, role: 'owner', properties: [{ id: casa, name: 'Casa Kept', type: 'hotel', address: null, roomCount: 0 }] });
    rememberTeam(alice, joinedTeam);
    await expect(paintDashboard()).resolves.toBe(false);
    expect(document.querySelector(`[${DASHBOARD_COPY_ATTRIBUTE}]`)).toBeNull();
  });

  it('paints from the early reads once they answer, and answers that it did (the app starts after that paint)', async () => {
    pageWithTemplate();
    const expiresAt = Math.floor(Date.now() / 1000) + 3600;
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ access_token: 't', expires_at: expiresAt, refresh_token: 'r', user: { id: alice, email: 'alice@example.com' } }),
    );
    // By what each read's address holds, the rooms' count first (its address names the properties and the rooms too).
    const answers: [string, unknown[]][] = [
      ['qr_codes%28count%29', [{ id: casa, qr_codes: [{ count: 2 }] }]],
      ['/properties?', [property(casa, { name: 'Casa Early' })]],
      ['/qr_codes?', [room(casa)]],
      ['/rpc/my_teams', [{ id: ownTeam, role: 'owner' }]],
    ];
    const reads = vi.fn(async (url: string) => new Response(JSON.stringify(answers.find(([part]) => url.includes(part))![1])));
    vi.stubGlobal('fetch', reads);
    // A page's first copy: copy.ts shows none once one has been released, as the tests above did.
    vi.resetModules();
    const { startEarlyReads } = await import('./early-reads');
    const { paintDashboard } = await import('./painter');
    const { releaseDashboardCopy } = await import('./copy');
    try {
      startEarlyReads({ forFirstPaint: true });
      const painting = paintDashboard();
      expect(document.querySelector(`[${DASHBOARD_COPY_ATTRIBUTE}]`)).toBeNull();
      await expect(painting).resolves.toBe(true);
      const copy = document.querySelector(`div[${DASHBOARD_COPY_ATTRIBUTE}]`);
      expect(copy?.querySelector('h2')?.textContent).toBe('Casa Early');
      // The count PostgREST made: the painter does not wait for every room's row, which the live list reads.
      expect(copy?.querySelector('[data-testid=room-count]')?.textContent).toBe('2 rooms');
      expect(reads).toHaveBeenCalledTimes(4);
    } finally {
      releaseDashboardCopy();
      vi.unstubAllGlobals();
    }
  });
});

describe('the properties of one team', () => {
  it('keeps the team’s properties in their order and leaves out the others', () => {
    const list = [property('a', {}), property('b', { team_id: joinedTeam }), property('c', {})];
    expect(teamProperties(list, ownTeam).map((row) => row.id)).toEqual(['a', 'c']);
    expect(teamProperties(list, joinedTeam).map((row) => row.id)).toEqual(['b']);
  });
});

describe('a card’s room count', () => {
  it('follows the language’s plural rules, with i18next’s own text for 0', () => {
    const french: RoomCountWords = { zero: '0 chambre', byCategory: { one: '{{count}} chambre', other: '{{count}} chambres' } };
    expect([0, 1, 2, 1000000].map((count) => roomCountText(french, count, 'fr'))).toEqual(['0 chambre', '1 chambre', '2 chambres', '1000000 chambres']);
    const japanese: RoomCountWords = { zero: '{{count}} 室', byCategory: { other: '{{count}} 室' } };
    expect(roomCountText(japanese, 1, 'ja')).toBe('1 室');
    expect(roomCountText(english, 21, 'en')).toBe('21 rooms');
  });
});
