/**
 * The first paint of a first visit, before any JavaScript file has downloaded: guide.html's second inline script
 * (this file, bundled into it by guideEntryPlugin in pwa.config.ts) paints the guide as soon as the guide request
 * the first one (boot-loader.ts) started answers, with the screen's own components (components/guide-view.tsx, rendered by lib/static-dom.ts) and
 * stylesheet, so a guest on a slow phone reads the password while React is still downloading. React's first
 * render then replaces it (createRoot empties #root) with the same guide, live.
 *
 * Data goes into the page as text nodes and attribute values only (never as HTML). Strings come from a table the
 * plugin generates from locales/<lng>/guide.json at build time (boot-messages.ts).
 */
import { SAVED_AT_HEADER } from '../../features/guide/api/guide-cache';
import type { BootMessages } from './boot-messages';
import { staticGuide } from '../../features/guide/components/guide-view';
import { interpolate, type Translate } from '../../features/guide/lib/i18n';
import { pickLanguage } from '../../features/guide/lib/language';
import { browserLanguages, readStoredLanguage } from '../stored-language';
import { localizeGuide } from '../../features/guide/lib/localize-guide';
import { normalizeGuide } from '../../features/guide/lib/normalize-guide';
import { staticDom } from '../../features/guide/lib/static-dom';
import { guideTheme } from '../../features/guide/lib/theme';
import { whenParsed } from './when-parsed';
import { APP_ROOT_ID } from '../contract';

/** The boot table's strings; a key it lacks shows as itself (boot-paint.test.tsx keeps the table complete). */
export function bootTranslator(messages: BootMessages[string]): Translate {
  return (key, values) => interpolate((messages as Record<string, string | undefined>)[key] ?? key, values);
}

/** Paints the guide into #root if the page still shows guide.html's spinner (not a saved page already painted). */
export async function paintGuideEarly(response: Response, messagesByLanguage: BootMessages): Promise<void> {
  performance.mark('rg:boot-response');
  // A saved copy (offline) also shows a note above the guide: leave that case to the screen.
  if (!response.ok || response.headers.has(SAVED_AT_HEADER)) return;
  let copy: Response;
  try {
    copy = response.clone();
  } catch {
    return; // The screen already read it.
  }
  const loaded = normalizeGuide(await copy.json());
  performance.mark('rg:boot-data');
  await new Promise<void>((resolve) => whenParsed(resolve));
  const root = document.getElementById(APP_ROOT_ID);
  if (!loaded || !root?.querySelector(':scope > .rg-boot')) return;
  const language = pickLanguage(readStoredLanguage(), browserLanguages());
  const guide = localizeGuide(loaded, language);
  const t = bootTranslator(messagesByLanguage[language] ?? messagesByLanguage.en);
  document.documentElement.lang = language;
  root.replaceChildren(staticDom(staticGuide({ guide, language, t, theme: guideTheme(guide.template, guide.style) })));
  performance.mark('rg:boot-painted');
}

declare const __RG_BOOT_MESSAGES__: BootMessages;

/** The second inline script's entry (see guideEntryPlugin): paints the guide the first one asked for when it answers. */
export function startBootPaint(): void {
  const prefetch = window.__roomguideGuidePrefetch;
  if (!prefetch) return;
  prefetch.response.then((response) => paintGuideEarly(response, __RG_BOOT_MESSAGES__)).catch(() => undefined); // The screen reports any failure itself.
}
