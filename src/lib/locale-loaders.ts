/**
 * The strings of one namespace in one language (`locales/<lng>/<ns>.json`), each its own chunk: loaded by i18next's
 * backend (i18n.ts), and by the app's entry (src/main.tsx) for the screen it opens on, before i18next has loaded.
 * The same import either way, so the second asks for nothing.
 */
type LocaleModule = { default: Record<string, unknown> };
const localeLoaders = import.meta.glob<LocaleModule>('../../locales/*/*.json');

/** The namespace's strings, or null for a language or namespace that has none. */
export function loadLocale(language: string, namespace: string): Promise<LocaleModule> | null {
  return localeLoaders[`../../locales/${language}/${namespace}.json`]?.() ?? null;
}
