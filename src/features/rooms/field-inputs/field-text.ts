import type { TFunction } from 'i18next';
import { isMultiline, type GuideField } from '@/lib/guide-fields';

/**
 * A field's texts on the host forms, from `fields.<key>` in locales/<lng>/rooms.json: its label (every field the
 * forms draw has one: src/features/rooms/field-inputs/field-text.test.ts), and optionally its help on the room form (`help`), on the shared guide (`sharedHelp`), and its
 * placeholder.
 */
export function fieldLabel(t: TFunction<'rooms'>, field: GuideField): string {
  return t(`fields.${field.key}.label`);
}

export function fieldHint(t: TFunction<'rooms'>, field: GuideField, part: 'help' | 'sharedHelp' | 'placeholder'): string | undefined {
  const text = t(`fields.${field.key}.${part}`, { defaultValue: '' });
  return text === '' ? undefined : text;
}

/** The bound a field's "too long" message names: characters, or an item's characters for a list. */
export function boundOf(field: GuideField): number | undefined {
  if (field.kind === 'list') return field.item.maxLength;
  return 'maxLength' in field ? field.maxLength : undefined;
}

/**
 * Texts up to this many characters sit two to a row from tablet width; longer texts, links, lists and several lines
 * take the whole row, and so does where another WiFi network works, which heads its name and password below it.
 */
const shortText = 120;

export function isWide(field: GuideField): boolean {
  if (field.kind === 'url' || field.kind === 'list' || isMultiline(field)) return true;
  if ('otherWifi' in field && field.otherWifi.part === 'place') return true;
  return 'maxLength' in field && field.maxLength > shortText;
}
