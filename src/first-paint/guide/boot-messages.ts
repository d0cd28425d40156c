/**
 * The translation keys guide.html's first paint (boot-paint.ts) uses: the screen's texts around the guide and the
 * labels of the hotel, help and area fields (src/lib/guide-fields.ts). guideEntryPlugin (pwa.config.ts) copies just these
 * from locales/<lng>/guide.json into the page, so the inline script stays small. Only relative imports without
 * dependencies: the Vite config reads this file too.
 */
import { guideFields } from '../../lib/guide-fields.ts';

const SCREEN_KEYS = [
  'language',
  'welcome',
  'roomPhotoAlt',
  'wifiTitle',
  'wifiTitleAt',
  'wifiNetwork',
  'wifiPassword',
  'wifiOpenNetwork',
  'copyPassword',
  'passwordCopied',
  'copyFailed',
  'showWifiQr',
  'hotelTitle',
  'helpTitle',
  'areaTitle',
  'noticesLabel',
] as const;

type FieldLabel = Extract<(typeof guideFields)[number], { guest: { label: string } }>['guest']['label'];

export const BOOT_MESSAGE_KEYS: readonly ((typeof SCREEN_KEYS)[number] | FieldLabel)[] = [
  ...SCREEN_KEYS,
  ...guideFields.flatMap((field) => ('guest' in field && 'label' in field.guest ? [field.guest.label] : [])),
];

export type BootMessageKey = (typeof BOOT_MESSAGE_KEYS)[number];
/** Language code → the boot strings in that language. */
export type BootMessages = Record<string, Record<BootMessageKey, string>>;
