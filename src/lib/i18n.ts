/**
 * i18next setup. Seven languages; every namespace (`locales/<lng>/<ns>.json`) is its own lazy chunk
 * loaded with a dynamic import by a tiny backend, so a guest's phone downloads only the strings of
 * the screen it shows in the language it uses. English is the fallback. The first visit follows the
 * browser's languages; a choice made in a language switcher is remembered in localStorage and sets
 * `<html lang>`.
 */
import i18next, { type BackendModule, type i18n as I18n, type InitOptions, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { preferredLanguage, supportedLanguages, toSupportedLanguage, type Language } from './languages';
import { browserLanguages, readStoredLanguage, rememberLanguage } from '@/first-paint/stored-language';
import { loadLocale } from './locale-loaders';

export { isSupportedLanguage, languageNames, supportedLanguages, toSupportedLanguage, type Language } from './languages';

export const fallbackLanguage: Language = 'en';

/** The remembered choice, else the first supported browser language, else English. */
export function detectLanguage(): Language {
  return preferredLanguage(readStoredLanguage(), browserLanguages());
}

export { rememberLanguage };

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const loading = loadLocale(language, namespace);
    if (!loading) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    loading.then(
      (module) => callback(null, module.default as never),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export interface InitI18nOptions {
  /** Preloaded resources (tests load English synchronously instead of through the lazy backend). */
  resources?: Record<string, Record<string, Record<string, unknown>>>;
  language?: Language;
}

export const i18n: I18n = i18next;
let initStarted = false;

function i18nOptions(language: Language, resources?: InitI18nOptions['resources']): InitOptions {
  return {
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...supportedLanguages],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: false,
    resources,
    partialBundledLanguages: Boolean(resources),
    initAsync: !resources, // preloaded resources (tests, prerendering) initialise synchronously
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: true },
  };
}

/** Configures the shared i18next instance (once) and starts loading; returns it at once. */
export function initI18n(options: InitI18nOptions = {}): I18n {
  if (i18n.isInitialized || initStarted) return i18n;
  initStarted = true;
  const language = options.language ?? detectLanguage();
  if (!options.resources) i18n.use(lazyLocaleBackend);
  i18n.use(initReactI18next);
  i18n.on('languageChanged', syncDocumentLanguage);
  void i18n.init(i18nOptions(language, options.resources));
  syncDocumentLanguage(language);
  return i18n;
}

/** A separate instance with every string already in memory: the build renders each page once per language. */
export function createPreloadedI18n(language: Language, resources: NonNullable<InitI18nOptions['resources']>): I18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  void instance.init(i18nOptions(language, resources));
  return instance;
}

export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
}

/** The active language as one of ours (i18next may report a region tag). */
export function currentLanguage(): Language {
  return toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? fallbackLanguage;
}
