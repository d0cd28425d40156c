/**
 * The dashboard as the build renders it for a host's first visit on a device, when nothing is kept yet
 * (src/first-paint/dashboard/kept-*.ts): the app's own page, made with stand-in values, in a `<template>` of the dashboard's
 * HTML. The entry module fills in the host's properties as soon as their early read answers
 * (paint-from-template.ts), long before React and Chakra have loaded and run on a phone. Shared by the build
 * (src/first-paint/app/prerender.tsx, prerender.config.ts) and the page, so free of React.
 */
// Relative imports: the build's Node config (prerender.config.ts) reads this file too.
import type { Database } from '../../types/database.ts';

type PropertyType = Database['public']['Enums']['property_type'];

/**
 * Stand-ins the page replaces with the host's values. Invisible separators around a word: no name, address or
 * email a host can type is mistaken for one (text is replaced as text, so such a value would only show as typed).
 */
export const templateValues = {
  userId: '00000000-0000-4000-8000-000000000000',
  /** The host's own team, in which they are the owner: the template shows every control. */
  teamId: '00000000-0000-4000-8000-0000000000aa',
  email: '\u2063rg-email\u2063',
  name: '\u2063rg-name\u2063',
  address: '\u2063rg-address\u2063',
} as const;

/** One sample property per card kind, in the order the template's cards come; its id is in the card's links. */
export const templateCards: readonly { type: PropertyType; id: string }[] = [
  { type: 'hotel', id: '00000000-0000-4000-8000-000000000001' },
  { type: 'other', id: '00000000-0000-4000-8000-000000000002' },
];

/**
 * A card's room count in the template's language: the text for 0 (i18next's own choice for 0) and for each plural
 * category of the language, with `{{count}}` where the number goes.
 */
export interface RoomCountWords {
  zero: string;
  byCategory: Partial<Record<Intl.LDMLPluralRule, string>>;
}

export const COUNT_PLACEHOLDER = '{{count}}';

/** "3 rooms", as the app's i18next says it for `count` in `language`. */
export function roomCountText(words: RoomCountWords, count: number, language: string): string {
  const text = count === 0 ? words.zero : (words.byCategory[new Intl.PluralRules(language).select(count)] ?? words.byCategory.other ?? '');
  return text.replace(COUNT_PLACEHOLDER, String(count));
}
