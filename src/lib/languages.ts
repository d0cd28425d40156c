/**
 * The seven languages of RoomGuide, each named in itself (as language pickers conventionally do, so a guest
 * finds theirs whatever language is showing). Free of i18next on purpose: the light guest entry imports it too.
 */
export const supportedLanguages = ['en', 'es', 'fr', 'de', 'it', 'zh', 'ja'] as const;
export type Language = (typeof supportedLanguages)[number];

export const languageNames: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  zh: '中文',
  ja: '日本語',
};

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

/** 'zh-Hans-CN' → 'zh'; unknown → null. */
export function toSupportedLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return isSupportedLanguage(base) ? base : null;
}

/** The remembered choice, else the first supported browser language, else English. */
export function preferredLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Language {
  const remembered = toSupportedLanguage(stored);
  if (remembered) return remembered;
  for (const tag of browserLanguages) {
    const language = toSupportedLanguage(tag);
    if (language) return language;
  }
  return 'en';
}
