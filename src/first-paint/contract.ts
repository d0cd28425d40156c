/**
 * What the parts of first paint agree on (README.md in this folder lists the render paths that use them): the
 * attributes they set on the page, the window globals they hand each other, the storage keys and cache names they
 * read and write, and the service worker's message. Every part imports its names from here, and so do the tests and
 * benches; the two places that cannot import (index.html's inline style and guide.html's comment) are checked
 * against this file by contract.test.ts.
 *
 * No imports but types: the inline boot scripts bundle this file into every HTML page, and the Vite configs read it.
 */
import type { Language } from '../lib/languages.ts';

// ── On `<html>` ─────────────────────────────────────────────────────────────────────────────────────────────────

/** A stored session was found (a returning host): the visitors' links are hidden until the app knows more. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';
/** The boot script is sending a returning host from / to /dashboard: nothing of / paints meanwhile. */
export const LEAVING_ATTRIBUTE = 'data-leaving';
/** The page was made at build time, in this language (`data-prerendered="de"`). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** The visitor wants another language than the page was made in: hidden, rendered afresh instead of hydrated. */
export const RELANG_ATTRIBUTE = 'data-relang';
/** The page is live: the boot script stops holding back clicks and keeping what is typed. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';
/** On a saved guide page: the guide is already in it. */
export const SAVED_PAGE_ATTRIBUTE = 'data-rg-saved';

// ── On other elements ───────────────────────────────────────────────────────────────────────────────────────────

/** The app's root element. */
export const APP_ROOT_ID = 'root';
/** On the app's root: the i18n namespaces the page reads (`common,auth`), loaded with the page. */
export const NAMESPACES_ATTRIBUTE = 'data-namespaces';
/** Links and buttons only visitors see; CSS hides them under `html[data-signed-in]`. */
export const VISITOR_ONLY_ATTRIBUTE = 'data-visitor-only';
/** On the dashboard painted before the app (painter.ts), which stands in for the app's root until the live list. */
export const DASHBOARD_COPY_ATTRIBUTE = 'data-dashboard-copy';
/**
 * On the link or button tapped on a painted copy that is not live yet, which the live page answers once it takes over:
 * the dashboard's (copy.ts), the guide's "Show WiFi QR" (guide/early-taps.ts).
 */
export const TAPPED_ATTRIBUTE = 'data-tapped';
/**
 * On a WiFi card of the guide painted before it is live: what its "Copy password" says once it has copied (the
 * button, the status) or could not, as JSON (`CopyAnswers`), for guide/early-taps.ts, which has no strings of its own.
 */
export const COPY_ANSWERS_ATTRIBUTE = 'data-copy-answers';
/**
 * On a field the browser's own check found invalid when its form was sent before the app was live (the boot script
 * marks it `aria-invalid`); its value is the field's `aria-invalid` before that ('' for none), put back once the app
 * is live and checks the form itself (early-invalid.ts).
 */
export const EARLY_INVALID_ATTRIBUTE = 'data-early-invalid';
/** On the build's `<style>` holding the part of the theme CSS a prerendered page uses. */
export const PRERENDERED_THEME_ATTRIBUTE = 'data-prerendered-theme';
/**
 * On the build's `<link rel="stylesheet">` of the whole theme CSS (Chakra's resets, base styles, tokens, keyframes):
 * where it is linked, the app does not build and insert the same CSS again when it starts (src/app/theme.ts).
 */
export const THEME_SHEET_ATTRIBUTE = 'data-rg-theme';
/** The dashboard page's `<template>`: the property list made with stand-in values. */
export const DASHBOARD_TEMPLATE_ID = 'rg-dashboard-template';
/** On that template: the language it was made in. */
export const TEMPLATE_LANGUAGE_ATTRIBUTE = 'data-language';
/** On that template: the words for "N rooms" in its language, as JSON. */
export const TEMPLATE_ROOM_COUNTS_ATTRIBUTE = 'data-room-counts';
/** Where the inline boot script goes in index.html's source. */
export const APP_BOOT_SCRIPT_MARKER = '<!--rg-boot-script-->';
/** Where the inline scripts go in guide.html's source. */
export const BOOT_SCRIPTS_MARKER = '<!--rg-boot-scripts-->';
/** On the guide's inline first-paint script, which a saved page leaves out: its guide is already painted. */
export const FIRST_PAINT_ATTRIBUTE = 'data-rg-first-paint';
/**
 * On the `<link rel="modulepreload">` that replaces the guide's entry `<script>` in the build: the file downloads at
 * once, and the inline loader runs it when the page is ready for it.
 */
export const ENTRY_ATTRIBUTE = 'data-rg-entry';

// ── On `window` ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Form fields changed before hydration, with their value (or checked state) at the time. */
export type EarlyValues = Map<Element, string | boolean>;

/** The words of COPY_ANSWERS_ATTRIBUTE. */
export interface CopyAnswers {
  button: string;
  status: string;
  failed: string;
}

/** Taps on the guide painted before it is live (guide/early-taps.ts), which its live WiFi cards take over. */
export interface EarlyGuideTaps {
  /** The last "Copy password" answered: its card's title id, whether it copied, and when (`Date.now()`). */
  copy: { titleId: string; copied: boolean; at: number } | null;
  /** The cards (by title id) whose "Show WiFi QR" was tapped: their QR is open when they are live. */
  qr: string[];
}

/** The guide's data request, started by the inline loader before the entry module runs. */
export interface GuidePrefetch {
  url: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    /** The last button clicked before hydration (the boot script holds it back; hydration clicks it). */
    __roomguideEarlyClick?: Element;
    /** What was typed before hydration (the boot script records it; hydration types it again). */
    __roomguideEarlyValues?: EarlyValues;
    /** The guide's request in flight (boot-loader.ts starts it; the guide's first paint and its app take it). */
    __roomguideGuidePrefetch?: GuidePrefetch;
    /** Taps on the guide before it was live (guide/early-taps.ts records them; the live WiFi cards take them). */
    __roomguideEarlyGuideTaps?: EarlyGuideTaps;
  }
}

// ── Storage ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** localStorage: the session supabase-js keeps (src/lib/supabase.ts gives it the key; stored-session.ts reads it). */
export const AUTH_STORAGE_KEY = 'roomguide-auth';
/** localStorage: the language the visitor chose, for the app and the guide alike. */
export const LANGUAGE_STORAGE_KEY = 'roomguide.language';
/** localStorage: the team a host last chose to work in, for their user id (stored-team.ts). */
export const CURRENT_TEAM_STORAGE_KEY = 'roomguide.current-team';
/** localStorage: the property list as last shown (dashboard/kept-data.ts). */
export const KEPT_DASHBOARD_STORAGE_KEY = 'roomguide.kept-dashboard';

/** Cache Storage: the built files the kept public pages and the dashboard use (service-worker/public-pages.ts). */
export const ASSETS_CACHE = 'roomguide-assets';
/** Cache Storage: icons and other static files, stale-while-revalidate (src/sw.ts). */
export const STATIC_CACHE = 'roomguide-static';
/** Cache Storage: the public pages and the dashboard a visitor has seen, in their language, under their own path. */
export const PAGES_CACHE = 'roomguide-pages';
/** Cache Storage: each guide's data as last read (the guide offline). */
export const GUIDE_DATA_CACHE = 'roomguide-guide-data';
/** Cache Storage: the guides' photos. */
export const GUIDE_IMAGE_CACHE = 'roomguide-guide-images';
/** Cache Storage: each guide's page as the next opening shows it at once (guide/saved-page.ts), under its own path. */
export const GUIDE_PAGES_CACHE = 'roomguide-guide-pages';
/** Cache Storage names of earlier builds, deleted when a new worker activates. */
export const RETIRED_CACHES: readonly string[] = ['roomguide-prefs'];

// ── Between the page and the service worker ─────────────────────────────────────────────────────────────────────

/** The response header that says which language a stored page is in. */
export const PAGE_LANGUAGE_HEADER = 'x-roomguide-language';

export const CACHE_PAGE_MESSAGE = 'roomguide:cache-page';

/** What a page tells the service worker once it is live: keep this page (and the files it loaded) for next time. */
export interface CachePageMessage {
  type: typeof CACHE_PAGE_MESSAGE;
  path: string;
  language: Language;
  /** Same-origin /assets/ paths the page has loaded. */
  assets: string[];
}

// ── Performance marks (npm run bench reads them) ────────────────────────────────────────────────────────────────

/** A page made at build time became the live app. */
export const HYDRATED_MARK = 'roomguide:hydrated';
/** The live property list replaced the painted copy. */
export const LIST_LIVE_MARK = 'roomguide:list-live';
