/**
 * i18next setup. Seven languages; every namespace (`locales/<lng>/<ns>.json`) is its own lazy chunk
 * loaded with a dynamic import by a tiny backend, so a guest's phone downloads only the strings of
 * the screen it shows in the language it uses. English is the fallback. The first visit follows the
 * browser's languages; a choice made in a language switcher is remembered in localStorage and sets
 * `<html lang>`.
 */
import i18next, { type BackendModule, type i18n as I18n, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageStorageKey, supportedLanguages, type Language } from './languages';

export { languageNames, languageStorageKey, supportedLanguages, type Language } from './languages';

export const fallbackLanguage: Language = 'en';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

/** 'zh-Hans-CN' → 'zh'; unknown → null. */
export function toSupportedLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return isSupportedLanguage(base) ? base : null;
}

function readStoredLanguage(): Language | null {
  try {
    return toSupportedLanguage(globalThis.localStorage?.getItem(languageStorageKey));
  } catch {
    return null; // storage blocked (private mode): fall back to the browser's language
  }
}

/** The remembered choice, else the first supported browser language, else English. */
export function detectLanguage(): Language {
  const stored = readStoredLanguage();
  if (stored) return stored;
  const browserLanguages = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const tag of browserLanguages) {
    const language = toSupportedLanguage(tag);
    if (language) return language;
  }
  return fallbackLanguage;
}

export function rememberLanguage(language: Language): void {
  try {
    globalThis.localStorage?.setItem(languageStorageKey, language);
  } catch {
    // storage blocked: the choice lasts for this visit only
  }
}

type LocaleModule = { default: Record<string, unknown> };
const localeLoaders = import.meta.glob<LocaleModule>('../../locales/*/*.json');

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeLoaders[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
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

/** Configures the shared i18next instance (once) and starts loading; returns it at once. */
export function initI18n(options: InitI18nOptions = {}): I18n {
  if (i18n.isInitialized || initStarted) return i18n;
  initStarted = true;
  const language = options.language ?? detectLanguage();
  if (!options.resources) i18n.use(lazyLocaleBackend);
  i18n.use(initReactI18next);
  i18n.on('languageChanged', syncDocumentLanguage);
  void i18n.init({
    lng: language,
    fallbackLng: fallbackLanguage,
    supportedLngs: [...supportedLanguages],
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: false,
    resources: options.resources,
    partialBundledLanguages: Boolean(options.resources),
    initAsync: !options.resources, // preloaded resources (tests) initialise synchronously
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: true },
  });
  syncDocumentLanguage(language);
  return i18n;
}

export async function changeLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await i18n.changeLanguage(language);
}

/** The active language as one of ours (i18next may report a region tag). */
export function currentLanguage(): Language {
  return toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? fallbackLanguage;
}
