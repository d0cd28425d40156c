import { languageNames, supportedLanguages, type Language } from '../../../lib/languages';

/** The guide offers every language of the app. */
export const GUIDE_LANGUAGES = supportedLanguages;
export type GuideLanguage = Language;
export const LANGUAGE_NAMES = languageNames;

export function isGuideLanguage(value: unknown): value is GuideLanguage {
  return typeof value === 'string' && (GUIDE_LANGUAGES as readonly string[]).includes(value);
}

/** `es-ES` → `es`, `zh-Hant-TW` → `zh`; null for languages the guide does not have. */
export function matchLanguage(tag: string): GuideLanguage | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isGuideLanguage(primary) ? primary : null;
}

/** A remembered choice wins; otherwise the browser's preference order; English last. */
export function pickLanguage(stored: string | null, browserLanguages: readonly string[]): GuideLanguage {
  if (isGuideLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return 'en';
}
