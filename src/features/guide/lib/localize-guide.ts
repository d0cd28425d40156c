/**
 * The host's texts in the guest's language. `get_guide` answers the originals plus `translations`: for every
 * other language that has any, the texts in the guide's shape (`{"ja": {"hotel": {"description": "…"}, "area":
 * {"activities": ["…", null]}}}`, activities parallel to the originals). The guide shows each text in the
 * guest's language where the host has one and the original everywhere else, per field and per activity, so a
 * field is never empty and nothing is marked missing. Every way the guide is drawn (live, first paint, saved page,
 * offline) goes through `localizeGuide`, so all show the same language.
 */
import { guideFields, valueAt, withValueAt, type GuideField } from '@/lib/guide-fields';
import { roomNameIn } from '@/lib/room-name';
import type { Guide, GuideTexts, GuideTranslations } from '../types';
import { isGuideLanguage, type GuideLanguage } from './language';

type GuestTextField = Extract<GuideField, { guestText: true }>;
const guestTextFields = guideFields.filter((field): field is GuestTextField => field.guestText);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * `get_guide`'s `translations`, read without trusting its shape. A list's translations are kept parallel to the
 * list as the guide shows it (items the guide drops, such as empty ones, drop their translation too); '' where an
 * item has none. Languages without any text are left out.
 */
export function readTranslations(raw: Record<string, unknown>): GuideTranslations {
  const translations: GuideTranslations = {};
  if (!isObject(raw.translations)) return translations;
  for (const [language, texts] of Object.entries(raw.translations)) {
    if (!isGuideLanguage(language) || !isObject(texts)) continue;
    const read: GuideTexts = {};
    for (const field of guestTextFields) {
      const translated = valueAt(texts, field.path);
      if (field.kind === 'list') {
        const originals = valueAt(raw, field.path);
        if (!Array.isArray(originals) || !Array.isArray(translated)) continue;
        const items = originals.flatMap((original, index) => (text(original) ? [text(translated[index])] : []));
        if (items.some(Boolean)) read[field.key] = items;
      } else if (text(translated)) {
        read[field.key] = text(translated);
      }
    }
    if (Object.keys(read).length > 0) translations[language] = read;
  }
  return translations;
}

/**
 * The guide with every text the host gave in `language` in place of its original; the rest unchanged. A room
 * called by its number reads in the guest's words ("Zimmer 133", not "Room 133") unless the host translated it.
 */
export function localizeGuide(guide: Guide, language: GuideLanguage): Guide {
  const name = roomNameIn(language, guide.name, guide.roomNumber);
  const named = name === guide.name ? guide : { ...guide, name };
  const texts = guide.translations[language];
  if (!texts) return named;
  let localized = named;
  for (const field of guestTextFields) {
    const translated = texts[field.key];
    if (translated === undefined) continue;
    const original = valueAt(guide, field.key);
    let value: unknown;
    if (Array.isArray(original)) {
      value = original.map((item, index) => (Array.isArray(translated) && translated[index]) || item);
    } else {
      // A field the guide does not show (say a room that hides it) stays hidden in every language.
      value = original && typeof translated === 'string' ? translated : original;
    }
    localized = withValueAt(localized, field.key, value);
  }
  return localized;
}

/** The hotel's name as guests read it (translated like the body), else the property's: the header and the title. */
export function hotelNameOf(guide: Guide): string | null {
  return guide.hotel.name || guide.propertyName;
}
