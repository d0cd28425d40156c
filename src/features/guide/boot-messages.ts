/**
 * The translation keys guide.html's first paint (boot-paint.ts) uses. guideEntryPlugin (pwa.config.ts) copies just
 * these from locales/<lng>/guide.json into the page, so the inline script stays small. No imports: the Vite config
 * reads this file too.
 */
export const BOOT_MESSAGE_KEYS = ['language', 'welcome', 'room', 'roomPhotoAlt', 'wifiTitle', 'wifiNetwork', 'wifiPassword', 'wifiOpenNetwork'] as const;

export type BootMessageKey = (typeof BOOT_MESSAGE_KEYS)[number];
/** Language code → the boot strings in that language. */
export type BootMessages = Record<string, Record<BootMessageKey, string>>;
