/**
 * What guideEntryPlugin (pwa.config.ts) writes into the built guide.html and the page reads back. No imports: the
 * Vite config reads this file too.
 */

/** Where the inline scripts go in guide.html's source. */
export const BOOT_SCRIPTS_MARKER = '<!--rg-boot-scripts-->';
/** On the inline first-paint script, which a saved page (api/saved-page.ts) leaves out: its guide is already painted. */
export const FIRST_PAINT_ATTRIBUTE = 'data-rg-first-paint';
/**
 * On the `<link rel="modulepreload">` that replaces the guide's entry `<script>` in the build: the file downloads at
 * once, and the inline loader (boot-loader.ts) runs it when the page is ready for it.
 */
export const ENTRY_ATTRIBUTE = 'data-rg-entry';
/** On a saved page's `<html>`: the guide is already in it. */
export const SAVED_PAGE_ATTRIBUTE = 'data-rg-saved';
