/**
 * The page saved for a guide's next opening: guide.html (its stylesheet inside since the build) with the guide
 * already in it — the static paint of components/guide-view.tsx in the guest's language — stored in Cache Storage
 * under the guide's own path. The service worker answers the next navigation with it (through Chromium's static
 * routing without even starting, see src/sw.ts), so a reopened guide paints its WiFi password as soon as its HTML
 * is read; the page then goes live, refreshes the guide from the network and saves the page again.
 */
import { guidePath } from '@/lib/guide-url';
import { staticGuide } from '../../features/guide/components/guide-view';
import type { Translate } from '../../features/guide/lib/i18n';
import { hotelNameOf, localizeGuide } from '../../features/guide/lib/localize-guide';
import type { GuideLanguage } from '../../features/guide/lib/language';
import { staticHtml } from '../../features/guide/lib/static-dom';
import { guideTheme } from '../../features/guide/lib/theme';
import type { Guide } from '../../features/guide/types';
import { GUIDE_SHELL_URL, SAVED_PAGE_HEADERS } from '../../features/guide/api/guide-cache';
import { ENTRY_ATTRIBUTE, FIRST_PAINT_ATTRIBUTE, SAVED_PAGE_ATTRIBUTE, GUIDE_PAGES_CACHE } from '../contract';

const BOOT_START = '<!--rg-boot-->';
const BOOT_END = '<!--/rg-boot-->';
const FIRST_PAINT_SCRIPT = new RegExp(`<script ${FIRST_PAINT_ATTRIBUTE}>[\\s\\S]*?</script>\\s*`);
/** Preloads of the entry's imports: fetched when the entry runs, after the saved page has painted. */
const IMPORT_PRELOADS = new RegExp(`<link rel="modulepreload"(?![^>]* ${ENTRY_ATTRIBUTE}>)[^>]*>\\s*`, 'g');

export interface SavedPageParts {
  /** #root's content (already HTML: serialised by the browser, every text escaped). */
  markup: string;
  language: GuideLanguage;
  title: string;
  themeColor: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The shell with the parts in place, or null when it lacks the markers around #root's spinner. Host texts are in
 * `markup` and `title`: every replacement below inserts them through a function, so `$&`, `` $` `` or `$'` in
 * a text stay text (a replacement string would read them as patterns). What only a first visit needs goes: the
 * first-paint script and the early preloads, which would only hold the saved page's first frame back.
 */
export function savedPageHtml(shell: string, parts: SavedPageParts): string | null {
  const start = shell.indexOf(BOOT_START);
  const end = shell.indexOf(BOOT_END);
  if (start < 0 || end < start) return null;
  return (shell.slice(0, start) + parts.markup + shell.slice(end + BOOT_END.length))
    .replace(FIRST_PAINT_SCRIPT, '')
    .replace(IMPORT_PRELOADS, '')
    .replace(/<html lang="[^"]*">/, () => `<html lang="${parts.language}" ${SAVED_PAGE_ATTRIBUTE}>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace(/(<meta name="theme-color" content=")[^"]*"/, (_, head: string) => `${head}${escapeHtml(parts.themeColor)}"`);
}

/** The document's title for a guide (the screen sets the same): the room and the hotel, as the page names them. */
export function guideTitle(guide: Guide): string {
  return [guide.name, hotelNameOf(guide)].filter(Boolean).join(' · ');
}

let saving: Promise<void> = Promise.resolve();

/**
 * Saves the page for `/guide/<id>`; never fails (without it, the next opening simply takes the usual way). Saves run
 * one after another in the order asked for: two at once (the network's answer in one language, then the guest picks
 * another) could otherwise finish in the other order and leave the older language saved.
 */
export function saveGuidePage(id: string, loaded: Guide, language: GuideLanguage, t: Translate): Promise<void> {
  const next = saving.then(() => writeGuidePage(id, loaded, language, t));
  saving = next;
  return next;
}

async function writeGuidePage(id: string, loaded: Guide, language: GuideLanguage, t: Translate): Promise<void> {
  if (typeof caches === 'undefined') return;
  // In the language shown: the next opening paints it before any script runs.
  const guide = localizeGuide(loaded, language);
  try {
    const response = await fetch(GUIDE_SHELL_URL);
    if (!response.ok) return;
    const shell = await response.text();
    const theme = guideTheme(guide.template, guide.style);
    const html = savedPageHtml(shell, {
      markup: staticHtml(staticGuide({ guide, language, t, theme })),
      language,
      title: guideTitle(guide) || 'RoomGuide',
      themeColor: theme.background,
    });
    if (!html) return;
    const cache = await caches.open(GUIDE_PAGES_CACHE);
    await cache.put(guidePath(id), new Response(html, { headers: SAVED_PAGE_HEADERS }));
  } catch {
    // Offline, storage full or refused: nothing lost.
  }
}
