/**
 * The language a visitor chose, remembered on the device for the app and the guide alike, and the browser's
 * languages: the one reader and writer of LANGUAGE_STORAGE_KEY. The boot script, the dashboard's painted copies,
 * i18n.ts and the guide all decide the language from these, so a copy painted before the app is in the language the
 * app then shows. Small and without imports but the contract: the boot script is bundled into every HTML page.
 */
import { LANGUAGE_STORAGE_KEY } from './contract.ts';

/** The remembered choice; null when there is none or storage is blocked (private modes). */
export function readStoredLanguage(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function rememberLanguage(language: string): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this visit only
  }
}

/** The browser's languages in the visitor's order ([] where there is no browser, as when prerendering). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}
