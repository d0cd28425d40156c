/**
 * The page saved for a guide's next opening: guide.html with the guide already in it — the static paint of
 * components/guide-view.tsx in the guest's language, with the guide's stylesheet inlined — stored in Cache Storage
 * under the guide's own path. The service worker answers the next navigation with it (through Chromium's static
 * routing without even starting, see src/sw.ts), so a reopened guide paints its WiFi password as soon as its HTML
 * is read; the page then goes live, refreshes the guide from the network and saves the page again.
 */
import { guidePath } from '@/lib/guide-url';
import { staticGuide } from '../components/guide-view';
import type { Translate } from '../lib/i18n';
import type { GuideLanguage } from '../lib/language';
import { staticHtml } from '../lib/static-dom';
import { guideTheme } from '../lib/theme';
import type { Guide } from '../types';
import { GUIDE_PAGES_CACHE, GUIDE_SHELL_URL } from './guide-cache';

const BOOT_START = '<!--rg-boot-->';
const BOOT_END = '<!--/rg-boot-->';
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g;

export interface SavedPageParts {
  /** #root's content (already HTML: serialised by the browser, every text escaped). */
  markup: string;
  language: GuideLanguage;
  title: string;
  themeColor: string;
  /** Stylesheet path → its CSS, for the shell's `<link rel="stylesheet">` elements to become `<style>`. */
  styles: Record<string, string>;
}

const escapeHtml = (value: string) => value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The shell with the parts in place, or null when it lacks the markers around #root's spinner. Host texts are in
 * `markup` and `title`: every replacement below inserts them through a function, so `$&`, `` $` `` or `$'` in
 * a text stay text (a replacement string would read them as patterns).
 */
export function savedPageHtml(shell: string, parts: SavedPageParts): string | null {
  const start = shell.indexOf(BOOT_START);
  const end = shell.indexOf(BOOT_END);
  if (start < 0 || end < start) return null;
  return (shell.slice(0, start) + parts.markup + shell.slice(end + BOOT_END.length))
    .replace(/<html lang="[^"]*">/, () => `<html lang="${parts.language}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace(/(<meta name="theme-color" content=")[^"]*"/, (_, head: string) => `${head}${escapeHtml(parts.themeColor)}"`)
    .replace(STYLESHEET_LINK, (link, href: string) => {
      const css = parts.styles[href];
      // Nothing in a stylesheet can end the <style> element early.
      return css === undefined ? link : `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    });
}

/** The document's title for a guide (the screen sets the same). */
export function guideTitle(guide: Guide): string {
  return [guide.name, guide.propertyName].filter(Boolean).join(' · ');
}

/**
 * The shell's own stylesheets as CSS text by path (the files as built: the browser already has them, from the
 * service worker's precache or its HTTP cache). Another origin's stay links.
 */
async function ownStylesheets(shell: string): Promise<Record<string, string>> {
  const styles: Record<string, string> = {};
  for (const [, href] of shell.matchAll(STYLESHEET_LINK)) {
    if (!href.startsWith('/')) continue;
    const response = await fetch(href);
    if (response.ok) styles[href] = await response.text();
  }
  return styles;
}

/** Saves the page for `/guide/<id>`; never fails (without it, the next opening simply takes the usual way). */
export async function saveGuidePage(id: string, guide: Guide, language: GuideLanguage, t: Translate): Promise<void> {
  if (typeof caches === 'undefined') return;
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
      styles: await ownStylesheets(shell),
    });
    if (!html) return;
    const cache = await caches.open(GUIDE_PAGES_CACHE);
    await cache.put(guidePath(id), new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
  } catch {
    // Offline, storage full or refused: nothing lost.
  }
}
