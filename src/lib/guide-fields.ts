/**
 * Every field of a room guide, defined once. From this list come: the shape of the values the forms edit and the
 * guide shows (`GuideValues`, a room's `GuideOverrides`, a property's `SharedGuideValues`) and their empty values; the
 * host side's reading and writing of a room row and of a property's shared guide, a room form's start and save (own
 * and inherited fields), both host forms' sections and inputs (features/rooms/room-form/room-fields.tsx,
 * property-guide/property-guide-page.tsx), the required fields, the database's field errors placed at their inputs;
 * the texts a host translates (features/translations/lib/translation-entries.ts); the reading of `get_guide`'s JSON
 * (features/guide/lib/normalize-guide.ts) and what the guest screen and its first paint show in the hotel and area
 * cards. The database keeps the same list in `private.guide_fields()`, from which it validates, merges and
 * translates; tests/db/guide-fields.test.ts fails when the two disagree.
 *
 * Adding a field (say `hotel.parking`): one entry here; its labels (`fields.<key>` in locales/<lng>/rooms.json, and
 * for a guest's text in translations.json; a card label in guide.json); a migration that gives
 * `private.guide_fields()` the same row.
 * src/app/guide-field-fixture.test.tsx adds one this way and finds it on both forms, the guide and the
 * translation screen.
 *
 * No imports: the guide's inline first-paint script bundles it too.
 */

/** text: free text; url: an http(s) link; colour: `#rrggbb`; ssid: a WiFi network name (32 bytes); list: texts or links. */
export type GuideFieldKind = 'text' | 'url' | 'colour' | 'ssid' | 'list' | 'choice';

/** Where a field belongs, on the host form (its sections) and on the guest's page. */
export type GuideSection = 'room' | 'wifi' | 'photos' | 'look' | 'hotel' | 'help' | 'area';

/**
 * How a guest sees a field of the hotel, help or area card: its name in bold, a photo, a paragraph, a paragraph after
 * a label, a titled paragraph (several lines), a titled list, or a button (a phone to call, an emergency number to
 * call with its name on the button, a link to open); buttons come last, side by side.
 */
export type GuestDisplay = 'title' | 'photo' | 'paragraph' | 'labelled' | 'titled' | 'list' | 'phone' | 'emergency' | 'link';

interface FieldBase {
  /** Where the app keeps it: the form's values, the guide's model and the form's error keys (`wifi.password`). */
  key: string;
  /**
   * Where it lives in the database's JSON and in `get_guide`'s answer, and what the database names in an error's
   * `details` (`content.wifi.password`); the same path on a property and on a room.
   */
  path: string;
  section: GuideSection;
  /** Free text a guest reads: it may carry a text per language next to the host's original (translations). */
  guestText: boolean;
  /**
   * Set once on the property and inherited by its rooms; a room stores a value only where it differs (empty =
   * the property's, JSON null = nothing). Not inheritable: the room's own name, number and photos.
   */
  inheritable: boolean;
  /** Must be filled in (the form shows the spec's one message for both required fields). */
  required?: boolean;
  /** Kept exactly as typed: a WiFi password may start or end with a space. */
  keepSpaces?: boolean;
  /** Shown in the guest's hotel or area card (`label`: its key in locales/<lng>/guide.json). */
  guest?: { display: GuestDisplay; label?: string };
  /**
   * How the host forms draw a text when a plain line is not right: a phone's keypad, a WiFi value without autofill
   * or spell check, several lines.
   */
  input?: HostInput;
  /** One of the property's other WiFi networks (`OTHER_WIFI_SLOTS`): which one, and which of its three values. */
  otherWifi?: { slot: OtherWifiSlot; part: 'place' | 'network' | 'password' };
}

export type HostInput = 'tel' | 'secret' | 'multiline';

export interface ScalarField extends FieldBase {
  kind: 'text' | 'url' | 'colour' | 'ssid';
  /** Characters; bytes for an SSID. */
  maxLength: number;
}

export interface ListField extends FieldBase {
  kind: 'list';
  /** Items. */
  maxLength: number;
  item: { kind: 'text' | 'url'; maxLength: number };
}

export interface ChoiceField extends FieldBase {
  kind: 'choice';
  /** The first one is the default. */
  choices: readonly string[];
}

export type GuideFieldDefinition = ScalarField | ListField | ChoiceField;

const URL_LENGTH = 2048;

/** How many WiFi networks a guide may show beside the room's own (the lobby's, a floor's, the pool's). */
export const OTHER_WIFI_SLOTS = [2, 3, 4] as const;
export type OtherWifiSlot = (typeof OTHER_WIFI_SLOTS)[number];

/**
 * One more WiFi network of the property: where guests use it (a text they read, so translated), its name and its
 * password, with the same rules as the room's own network. Set on the property like the hotel's fields, and kept in
 * the `hotel` column with them; a room may override or hide it.
 */
function otherWifiFields<N extends OtherWifiSlot>(slot: N) {
  return [
    {
      key: `hotel.wifi${slot}Place`,
      path: `hotel.wifi${slot}Place`,
      kind: 'text',
      maxLength: 60,
      section: 'wifi',
      guestText: true,
      inheritable: true,
      otherWifi: { slot, part: 'place' },
    },
    {
      key: `hotel.wifi${slot}Network`,
      path: `hotel.wifi${slot}Network`,
      kind: 'ssid',
      maxLength: 32,
      section: 'wifi',
      guestText: false,
      inheritable: true,
      input: 'secret',
      otherWifi: { slot, part: 'network' },
    },
    {
      key: `hotel.wifi${slot}Password`,
      path: `hotel.wifi${slot}Password`,
      kind: 'text',
      maxLength: 63,
      section: 'wifi',
      guestText: false,
      inheritable: true,
      keepSpaces: true,
      input: 'secret',
      otherWifi: { slot, part: 'password' },
    },
  ] as const;
}

/** In the host form's order; the guest's cards show their fields in this order too (buttons last). */
export const guideFields = [
  { key: 'name', path: 'name', kind: 'text', maxLength: 120, section: 'room', guestText: true, inheritable: false, required: true },
  { key: 'roomNumber', path: 'room_number', kind: 'text', maxLength: 20, section: 'room', guestText: false, inheritable: false, required: true },
  { key: 'wifi.network', path: 'content.wifi.network', kind: 'ssid', maxLength: 32, section: 'wifi', guestText: false, inheritable: true, input: 'secret' },
  // WPA passphrases are at most 63 characters.
  {
    key: 'wifi.password',
    path: 'content.wifi.password',
    kind: 'text',
    maxLength: 63,
    section: 'wifi',
    guestText: false,
    inheritable: true,
    keepSpaces: true,
    input: 'secret',
  },
  ...otherWifiFields(2),
  ...otherWifiFields(3),
  ...otherWifiFields(4),
  {
    key: 'images',
    path: 'images',
    kind: 'list',
    maxLength: 10,
    item: { kind: 'url', maxLength: URL_LENGTH },
    section: 'photos',
    guestText: false,
    inheritable: false,
  },
  { key: 'style.roomPhotoUrl', path: 'style.roomPhotoUrl', kind: 'url', maxLength: URL_LENGTH, section: 'photos', guestText: false, inheritable: false },
  { key: 'template', path: 'template', kind: 'choice', choices: ['custom', 'luxury', 'beach', 'cabin'], section: 'look', guestText: false, inheritable: true },
  { key: 'style.primaryColor', path: 'style.primaryColor', kind: 'colour', maxLength: 7, section: 'look', guestText: false, inheritable: true },
  { key: 'style.backgroundColor', path: 'style.backgroundColor', kind: 'colour', maxLength: 7, section: 'look', guestText: false, inheritable: true },
  { key: 'style.logoUrl', path: 'style.logoUrl', kind: 'url', maxLength: URL_LENGTH, section: 'look', guestText: false, inheritable: true },
  { key: 'hotel.name', path: 'hotel.name', kind: 'text', maxLength: 120, section: 'hotel', guestText: true, inheritable: true, guest: { display: 'title' } },
  {
    key: 'hotel.photoUrl',
    path: 'hotel.photoUrl',
    kind: 'url',
    maxLength: URL_LENGTH,
    section: 'hotel',
    guestText: false,
    inheritable: true,
    guest: { display: 'photo', label: 'hotelPhotoAlt' },
  },
  {
    key: 'hotel.phone',
    path: 'hotel.phone',
    kind: 'text',
    maxLength: 40,
    section: 'hotel',
    guestText: false,
    inheritable: true,
    guest: { display: 'phone', label: 'phone' },
    input: 'tel',
  },
  {
    key: 'hotel.website',
    path: 'hotel.website',
    kind: 'url',
    maxLength: URL_LENGTH,
    section: 'hotel',
    guestText: false,
    inheritable: true,
    guest: { display: 'link', label: 'visitWebsite' },
  },
  {
    key: 'hotel.description',
    path: 'hotel.description',
    kind: 'text',
    maxLength: 2000,
    section: 'hotel',
    guestText: true,
    inheritable: true,
    guest: { display: 'paragraph' },
    input: 'multiline',
  },
  {
    key: 'hotel.checkIn',
    path: 'hotel.checkIn',
    kind: 'text',
    maxLength: 60,
    section: 'hotel',
    guestText: true,
    inheritable: true,
    guest: { display: 'labelled', label: 'checkIn' },
  },
  {
    key: 'hotel.checkOut',
    path: 'hotel.checkOut',
    kind: 'text',
    maxLength: 60,
    section: 'hotel',
    guestText: true,
    inheritable: true,
    guest: { display: 'labelled', label: 'checkOut' },
  },
  {
    key: 'hotel.breakfast',
    path: 'hotel.breakfast',
    kind: 'text',
    maxLength: 300,
    section: 'hotel',
    guestText: true,
    inheritable: true,
    guest: { display: 'labelled', label: 'breakfast' },
  },
  {
    key: 'hotel.restaurant',
    path: 'hotel.restaurant',
    kind: 'text',
    maxLength: 300,
    section: 'hotel',
    guestText: true,
    inheritable: true,
    guest: { display: 'labelled', label: 'restaurant' },
  },
  {
    key: 'hotel.houseRules',
    path: 'hotel.houseRules',
    kind: 'text',
    maxLength: 2000,
    section: 'hotel',
    guestText: true,
    inheritable: true,
    guest: { display: 'titled', label: 'houseRules' },
    input: 'multiline',
  },
  // Help in an emergency has its own card; it is the property's information like the hotel's, so it lives in `hotel`.
  {
    key: 'hotel.emergencyPhone',
    path: 'hotel.emergencyPhone',
    kind: 'text',
    maxLength: 40,
    section: 'help',
    guestText: false,
    inheritable: true,
    guest: { display: 'emergency', label: 'emergencyCall' },
    input: 'tel',
  },
  {
    key: 'hotel.pharmacy',
    path: 'hotel.pharmacy',
    kind: 'text',
    maxLength: 300,
    section: 'help',
    guestText: true,
    inheritable: true,
    guest: { display: 'labelled', label: 'pharmacy' },
  },
  {
    key: 'hotel.hospital',
    path: 'hotel.hospital',
    kind: 'text',
    maxLength: 300,
    section: 'help',
    guestText: true,
    inheritable: true,
    guest: { display: 'labelled', label: 'hospital' },
  },
  {
    key: 'area.location',
    path: 'area.location',
    kind: 'text',
    maxLength: 300,
    section: 'area',
    guestText: true,
    inheritable: true,
    guest: { display: 'labelled', label: 'location' },
  },
  {
    key: 'area.activities',
    path: 'area.activities',
    kind: 'list',
    maxLength: 30,
    item: { kind: 'text', maxLength: 200 },
    section: 'area',
    guestText: true,
    inheritable: true,
    guest: { display: 'list', label: 'activities' },
  },
  {
    key: 'area.businessLink',
    path: 'area.businessLink',
    kind: 'url',
    maxLength: URL_LENGTH,
    section: 'area',
    guestText: false,
    inheritable: true,
    guest: { display: 'link', label: 'businessLink' },
  },
] as const satisfies readonly GuideFieldDefinition[];

export type GuideField = (typeof guideFields)[number];
export type GuideFieldKey = GuideField['key'];
export type GuideFieldPath = GuideField['path'];

type FieldValue<F> = F extends { kind: 'list' } ? string[] : F extends { kind: 'choice'; choices: readonly (infer C)[] } ? C : string;
type ValueOf<K> = FieldValue<Extract<GuideField, { key: K }>>;
type TopLevel<K> = K extends `${string}.${string}` ? never : K;
type Group<K> = K extends `${infer G}.${string}` ? G : never;
type InGroup<K, G extends string> = K extends `${G}.${infer F}` ? F : never;

/** The keys of the fields a property sets once for its rooms (each room may override them). */
export type InheritableKey = Extract<GuideField, { inheritable: true }>['key'];

/** Values shaped by the keys (`wifi.network` → `{ wifi: { network } }`), each key's value given by `Value`. */
type Shaped<Keys extends string, Value extends Record<Keys, unknown>> = { [K in TopLevel<Keys>]: Value[K] } & {
  [G in Group<Keys>]: { [F in InGroup<Keys, G>]: Value[`${G}.${F}` & Keys] };
};

/**
 * Every field's value, shaped by the keys: `{ name, roomNumber, images, template, wifi: { network, password },
 * style: {…}, hotel: {…}, area: {…} }`. Text, links, colours and SSIDs are strings (empty = none), lists arrays.
 */
export type GuideValues = Shaped<GuideFieldKey, { [K in GuideFieldKey]: ValueOf<K> }>;

/** A property's shared guide: the inheritable fields' values. */
export type SharedGuideValues = Shaped<InheritableKey, { [K in InheritableKey]: ValueOf<K> }>;

/** A room's own values and, for every inheritable field, its override or `null` (= the property's value). */
export type GuideOverrides = Shaped<GuideFieldKey, { [K in GuideFieldKey]: K extends InheritableKey ? ValueOf<K> | null : ValueOf<K> }>;

export function guideField<K extends GuideFieldKey>(key: K): Extract<GuideField, { key: K }> {
  return guideFields.find((field) => field.key === key) as Extract<GuideField, { key: K }>;
}

export type GuideTemplate = ValueOf<'template'>;
export const guideTemplates: readonly GuideTemplate[] = guideField('template').choices;

export function isGuideTemplate(value: unknown): value is GuideTemplate {
  return (guideTemplates as readonly unknown[]).includes(value);
}

/** A text written on several lines (the host's inputs for it and for its translations). */
export const isMultiline = (field: GuideField) => 'input' in field && field.input === 'multiline';

/** The fields shown in a section, in order. */
export function fieldsOf(section: GuideSection): readonly GuideField[] {
  return guideFields.filter((field) => field.section === section);
}

type Nested = { [key: string]: unknown };
const isNested = (value: unknown): value is Nested => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value at a dotted key or path (`hotel.name`, `content.wifi.password`) of an object, or undefined. */
export function valueAt(source: unknown, dotted: string): unknown {
  let value: unknown = source;
  for (const part of dotted.split('.')) {
    if (!isNested(value)) return undefined;
    value = value[part];
  }
  return value;
}

/** A copy of `values` with the value at a dotted key replaced (the objects on the way copied, not changed). */
export function withValueAt<T extends Nested>(values: T, dotted: string, value: unknown): T {
  const [head, ...rest] = dotted.split('.');
  const next = rest.length === 0 ? value : withValueAt(isNested(values[head]) ? values[head] : {}, rest.join('.'), value);
  return { ...values, [head]: next };
}

/** A WiFi network name is at most 32 bytes (IEEE 802.11), whatever its characters. */
export function utf8Length(value: string): number {
  return new TextEncoder().encode(value).length;
}

/** A WiFi network as a guest sees it: where it works (empty for the room's own), its name and its password. */
export interface WifiNetwork {
  place: string;
  network: string;
  password: string;
}

/** The property's other networks that have a name, in slot order. */
export function otherWifiNetworks(values: Pick<GuideValues, 'hotel'>): WifiNetwork[] {
  return OTHER_WIFI_SLOTS.map((slot) => ({
    place: values.hotel[`wifi${slot}Place`],
    network: values.hotel[`wifi${slot}Network`],
    password: values.hotel[`wifi${slot}Password`],
  })).filter((wifi) => wifi.network !== '');
}
