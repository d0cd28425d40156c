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

/** Where a visitor's choice is remembered, shared by the app and the guest guide. */
export const languageStorageKey = 'roomguide.language';
