/**
 * A host's first visit on a device (nothing kept yet, src/first-paint/dashboard/kept-*.ts): the property list is painted from the
 * dashboard's template (template.ts) as soon as the early reads (src/first-paint/dashboard/early-reads.ts) answer, while
 * the app's code still loads and runs, and shown like a kept copy until the live list replaces it. The host's values
 * go in as text and as the ids of links; nothing of theirs is read as markup.
 */
import { displayPropertyType } from '@/features/properties/types';
import { earlyReadsUser, peekEarlyRead } from './early-reads';
import type { PropertyRow, RoomRow } from '@/lib/data/rows';
import { preferredAppLanguage, showDashboardCopy } from './kept-paint';
import { roomCountText, templateCards, templateValues, type RoomCountWords } from './template';
import { DASHBOARD_TEMPLATE_ID, TEMPLATE_LANGUAGE_ATTRIBUTE, TEMPLATE_ROOM_COUNTS_ATTRIBUTE } from '../contract';

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

function fillCard(card: Element, sampleId: string, property: PropertyRow, roomCount: string): void {
  const { name, address } = templateValues;
  if (property.address && property.address.trim() !== '') replaceInText(card, address, property.address);
  else elementShowing(card, address)?.remove();
  replaceInText(card, name, property.name);
  const count = card.querySelector('[data-testid=room-count]');
  if (count) count.textContent = roomCount;
  for (const link of Array.from(card.querySelectorAll('a[href]'))) {
    // Inert while shown; the live card's links take over. An id that is not a uuid is never put in a link.
    if (uuid.test(property.id)) link.setAttribute('href', link.getAttribute('href')!.split(sampleId).join(property.id));
    else link.removeAttribute('href');
  }
}

/**
 * The template filled in with the host's email and properties (in the early read's order), or null if the template
 * does not have the cards it should have.
 */
export function fillDashboardTemplate(
  template: HTMLTemplateElement,
  { email, properties, rooms, language }: { email: string; properties: PropertyRow[]; rooms: RoomRow[]; language: string },
): { css: string; content: DocumentFragment } | null {
  const content = document.importNode(template.content, true);
  const style = content.querySelector('style');
  const samples = Array.from(content.querySelectorAll('[data-testid=property-card]'));
  const grid = samples[0]?.parentElement;
  if (!style || !grid || samples.length !== templateCards.length) return null;
  style.remove();
  // The copy stands beside the app's root: the template's ids (the main landmark's, say) would be there twice.
  for (const element of Array.from(content.querySelectorAll('[id]'))) element.removeAttribute('id');
  replaceInText(content, templateValues.email, email);
  for (const element of Array.from(content.querySelectorAll('[title]')))
    element.setAttribute('title', element.getAttribute('title')!.split(templateValues.email).join(email));

  const words = JSON.parse(template.getAttribute(TEMPLATE_ROOM_COUNTS_ATTRIBUTE) ?? '{}') as RoomCountWords;
  const roomCounts = new Map<string, number>();
  for (const room of rooms) roomCounts.set(room.property_id, (roomCounts.get(room.property_id) ?? 0) + 1);
  for (const sample of samples) sample.remove();
  for (const property of properties) {
    const kind = templateCards.findIndex((card) => card.type === displayPropertyType(property.type));
    const card = samples[kind].cloneNode(true) as Element;
    fillCard(card, templateCards[kind].id, property, roomCountText(words, roomCounts.get(property.id) ?? 0, language));
    grid.append(card);
  }
  return { css: style.textContent ?? '', content };
}

/**
 * Paints the property list from the page's template once the early reads have answered, if the app has not shown a
 * screen by then. A host with no properties, a failed read or a template in another language gets the app's page.
 */
export function paintDashboardWhenRead(): void {
  const template = document.getElementById(DASHBOARD_TEMPLATE_ID);
  const user = earlyReadsUser();
  const language = preferredAppLanguage();
  if (!(template instanceof HTMLTemplateElement) || !user || template.getAttribute(TEMPLATE_LANGUAGE_ATTRIBUTE) !== language) return;
  void Promise.all([peekEarlyRead<PropertyRow>('properties'), peekEarlyRead<RoomRow>('qr_codes')]).then(([properties, rooms]) => {
    if (!properties?.length || !rooms) return;
    const filled = fillDashboardTemplate(template, { email: user.email, properties, rooms, language });
    if (filled) showDashboardCopy(filled.css, filled.content, language);
  });
}
