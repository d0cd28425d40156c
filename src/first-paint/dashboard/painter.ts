/**
 * The one painter of the dashboard before the app's code has run: the build's template of the property list
 * (template.ts) filled in with a host's properties, shown by copy.ts until the live list replaces it. Its data is the
 * list kept from the last visit on this device (kept-data.ts), at once; on a first visit, the early reads
 * (early-reads.ts) as soon as they answer. The host's values go in as text and as the ids of links; nothing of theirs
 * is read as markup.
 */
import { displayPropertyType } from '@/features/properties/types';
import type { PropertyRow, RoomRow } from '@/lib/data/rows';
import { DASHBOARD_TEMPLATE_ID, TEMPLATE_LANGUAGE_ATTRIBUTE, TEMPLATE_ROOM_COUNTS_ATTRIBUTE } from '../contract';
import { readStoredSession } from '../stored-session';
import { paths } from '@/lib/paths';
import { may, type TeamRole } from '@/lib/team-access';
import { pickTeam, readStoredTeam, teamProperties } from '../stored-team';
import { preferredAppLanguage, showDashboardCopy } from './copy';
import { peekEarlyRead, type RoomCountRow } from './early-reads';
import { readKeptDashboard, type KeptProperty } from './kept-data';
import { roomCountText, templateCards, templateValues, type RoomCountWords } from './template';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function replaceInText(root: Node, from: string, to: string): void {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (text.data.includes(from)) text.data = text.data.split(from).join(to);
  }
}

/** The element whose only text is `value` (a stand-in the template renders alone in its element). */
function elementShowing(root: Element, value: string): Element | null {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent === value) return node.parentElement;
  return null;
}

function fillCard(card: Element, sampleId: string, property: KeptProperty, roomCount: string): void {
  const { name, address } = templateValues;
  if (property.address && property.address.trim() !== '') replaceInText(card, address, property.address);
  else elementShowing(card, address)?.remove();
  replaceInText(card, name, property.name);
  const count = card.querySelector('[data-testid=room-count]');
  if (count) count.textContent = roomCount;
  // The live card's links take over. An id that is not a uuid is never put in a link nor an id.
  const withId = (value: string) => value.split(sampleId).join(property.id);
  for (const link of Array.from(card.querySelectorAll('a[href]'))) {
    if (uuid.test(property.id)) link.setAttribute('href', withId(link.getAttribute('href')!));
    else link.removeAttribute('href');
  }
  for (const menu of Array.from(card.querySelectorAll('[popover][id]'))) {
    if (uuid.test(property.id)) menu.id = withId(menu.id);
    else menu.removeAttribute('id');
  }
  for (const button of Array.from(card.querySelectorAll('[popovertarget]')))
    button.setAttribute('popovertarget', withId(button.getAttribute('popovertarget')!));
}

/** The prefix of the copy's menus' ids: the live page has the same menus with the same ids beside it. */
const COPY_ID_PREFIX = 'copy-';

/**
 * The copy stands beside the app's root: the template's ids (the main landmark's, say) would be there twice. A menu
 * the copy opens by itself (a popover with its items, a card's) keeps its id, renamed; any other button that opens a
 * popover no longer does (the navbar's, empty until the app renders it): its tap is kept and made on the live page.
 */
function renameIds(content: DocumentFragment): void {
  const menus = new Set<string>();
  for (const element of Array.from(content.querySelectorAll('[id]'))) {
    if (element.hasAttribute('popover') && element.childElementCount > 0 && !menus.has(element.id)) {
      menus.add(element.id);
      element.id = COPY_ID_PREFIX + element.id;
    } else element.removeAttribute('id');
  }
  for (const button of Array.from(content.querySelectorAll('[popovertarget]'))) {
    const target = button.getAttribute('popovertarget')!;
    if (menus.has(target)) button.setAttribute('popovertarget', COPY_ID_PREFIX + target);
    else button.removeAttribute('popovertarget');
  }
}

/** Rooms per property, from the user's rooms (the live list counts them the same way). */
export function roomCountsOf(rooms: readonly RoomRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const room of rooms) counts.set(room.property_id, (counts.get(room.property_id) ?? 0) + 1);
  return counts;
}

/** The list as the live page shows it: each property with its number of rooms, in the properties' order. */
export function keptProperties(properties: readonly PropertyRow[], roomCounts: ReadonlyMap<string, number>): KeptProperty[] {
  return properties.map(({ id, name, type, address }) => ({ id, name, type, address, roomCount: roomCounts.get(id) ?? 0 }));
}

/**
 * The template filled in with the host's email and properties (in their order), or null if the template does not
 * have the cards it should have.
 */
export function fillDashboardTemplate(
  template: HTMLTemplateElement,
  { email, properties, language, role }: { email: string; properties: readonly KeptProperty[]; language: string; role: TeamRole },
): { css: string; content: DocumentFragment } | null {
  const content = document.importNode(template.content, true);
  const style = content.querySelector('style');
  const samples = Array.from(content.querySelectorAll('[data-testid=property-card]'));
  const grid = samples[0]?.parentElement;
  if (!style || !grid || samples.length !== templateCards.length) return null;
  style.remove();
  replaceInText(content, templateValues.email, email);
  for (const element of Array.from(content.querySelectorAll('[title]')))
    element.setAttribute('title', element.getAttribute('title')!.split(templateValues.email).join(email));

  const words = JSON.parse(template.getAttribute(TEMPLATE_ROOM_COUNTS_ATTRIBUTE) ?? '{}') as RoomCountWords;
  for (const sample of samples) sample.remove();
  for (const property of properties) {
    const kind = templateCards.findIndex((card) => card.type === displayPropertyType(property.type));
    const card = samples[kind].cloneNode(true) as Element;
    fillCard(card, templateCards[kind].id, property, roomCountText(words, property.roomCount, language));
    grid.append(card);
  }
  removeControlsBeyond(content, role);
  renameIds(content);
  return { css: style.textContent ?? '', content };
}

/** Where the template's links lead that change a property (the live card offers them to editing roles only). */
const editingLink = /\/(edit|qrcodes\/new|guide|translations)$/;

/** The template draws an owner's controls; a role that may not use some gets the list without them, as the live page. */
function removeControlsBeyond(content: DocumentFragment, role: TeamRole): void {
  for (const link of Array.from(content.querySelectorAll('a[href]'))) {
    const href = link.getAttribute('href')!;
    const allowed =
      (may(role, 'editGuide') || !editingLink.test(href)) &&
      (may(role, 'manageProperties') || href !== paths.newProperty) &&
      (may(role, 'billing') || href !== paths.subscription);
    if (!allowed) link.remove();
  }
  if (!may(role, 'manageProperties'))
    for (const deletion of Array.from(content.querySelectorAll('[role=menuitem][data-value=delete]'))) {
      if (deletion.previousElementSibling?.getAttribute('role') === 'separator') deletion.previousElementSibling.remove();
      deletion.remove();
    }
}

/**
 * Paints the property list for the host whose session is stored: at once from what was kept on this device (returns
 * true), else from the early reads once they answer, if the app has not shown a screen by then (returns a promise of
 * whether it painted); false when there is nothing to paint. A host with no properties, a failed read or a page made
 * in another language than the app's gets the app's page.
 */
export function paintDashboard(): boolean | Promise<boolean> {
  const template = document.getElementById(DASHBOARD_TEMPLATE_ID);
  const session = readStoredSession();
  const language = preferredAppLanguage();
  if (!(template instanceof HTMLTemplateElement) || !session || template.getAttribute(TEMPLATE_LANGUAGE_ATTRIBUTE) !== language) return false;
  const paint = (properties: readonly KeptProperty[], role: TeamRole) => {
    const filled = properties.length > 0 ? fillDashboardTemplate(template, { email: session.email, properties, language, role }) : null;
    return filled !== null && showDashboardCopy(filled.css, filled.content, language);
  };
  // The team the app will show (src/lib/current-team.ts): the one chosen on this device, else the user's own.
  const chosenTeam = readStoredTeam(session.userId);
  const kept = readKeptDashboard(session.userId);
  if (kept && (chosenTeam === null || kept.teamId === chosenTeam) && paint(kept.properties, kept.role)) return true;
  return Promise.all([
    peekEarlyRead<PropertyRow>('properties'),
    peekEarlyRead<RoomCountRow>('room_counts'),
    peekEarlyRead<{ id: string; role: TeamRole }>('my_teams'),
  ]).then(([properties, counts, teams]) => {
    const team = teams && pickTeam(teams, chosenTeam);
    const roomCounts = counts && new Map(counts.map(({ id, qr_codes }) => [id, qr_codes[0]?.count ?? 0]));
    return properties !== null && roomCounts !== null && team !== null && paint(keptProperties(teamProperties(properties, team.id), roomCounts), team.role);
  });
}
