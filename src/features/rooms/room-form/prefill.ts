/**
 * What the room form starts from and what it saves. Hotel, area, look and WiFi are the property's shared guide:
 * a room holds only the fields the host overrode for it, so a later change of the shared guide reaches every room
 * that did not. A new room therefore starts inheriting everything: copying another room's values (its WiFi
 * password above all: hosts with one password per room printed guides with a neighbour's) would pin them as this
 * room's own.
 */
import { guideFields, valueAt, withValueAt, type InheritableKey } from '@/lib/guide-fields';
import { emptyGuideFormValues, emptyValueOf, type GuideFormValues, type RoomFormValues } from '../types';

export const inheritableKeys: readonly InheritableKey[] = guideFields.flatMap((field) => (field.inheritable ? [field.key] : []));

/**
 * The QR look is chosen as a whole: a template sets the colours, so the look's choice and colours are overridden or
 * inherited together.
 */
export const lookKeys: readonly InheritableKey[] = guideFields.flatMap((field) =>
  field.inheritable && field.section === 'look' && (field.kind === 'choice' || field.kind === 'colour') ? [field.key] : [],
);

/** The room's own fields (name, number, photos): never inherited. */
const ownKeys = guideFields.flatMap((field) => (field.inheritable ? [] : [field.key]));

const copied = (value: unknown) => (Array.isArray(value) ? [...(value as string[])] : value);

/** A new room: no name, number or photos yet, and every shared field the property's. */
export function newRoomValues(): RoomFormValues {
  let room = {} as RoomFormValues;
  for (const field of guideFields) room = withValueAt(room, field.key, field.inheritable ? null : emptyValueOf(field));
  return room;
}

/** What the form's inputs hold (an inherited field holds its empty value) and which shared fields the room overrides. */
export interface RoomFormState {
  values: GuideFormValues;
  overridden: ReadonlySet<InheritableKey>;
}

export function formStateOf(room: RoomFormValues): RoomFormState {
  let values = emptyGuideFormValues();
  for (const key of ownKeys) values = withValueAt(values, key, copied(valueAt(room, key)));
  const overridden = new Set<InheritableKey>();
  for (const key of inheritableKeys) {
    const value = valueAt(room, key);
    if (value === null || value === undefined) continue;
    overridden.add(key);
    values = withValueAt(values, key, copied(value));
  }
  return { values, overridden };
}

/** What to save: the room's own fields, the overridden ones as typed, every other shared field `null` (inherit). */
export function roomValuesOf(values: GuideFormValues, overridden: ReadonlySet<InheritableKey>): RoomFormValues {
  let room = newRoomValues();
  for (const key of [...ownKeys, ...overridden]) room = withValueAt(room, key, copied(valueAt(values, key)));
  return room;
}
