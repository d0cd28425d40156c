/**
 * Which of the property's other WiFi networks (guide-fields.ts `OTHER_WIFI_SLOTS`) a host form shows, so a hotel
 * with one network does not scroll past nine empty inputs on every room: the shared guide offers the next empty
 * network once the one before it has a name; a room shows the networks its property or the room itself sets.
 */
import { OTHER_WIFI_SLOTS, guideFields, type GuideField, type InheritableKey, type OtherWifiSlot } from '@/lib/guide-fields';

type OtherWifiField = Extract<GuideField, { otherWifi: object }>;
const otherWifiFields = guideFields.filter((field): field is OtherWifiField => 'otherWifi' in field);
/** The keys of one network's fields, from the field list. */
const partsOf = (slot: OtherWifiSlot): InheritableKey[] => otherWifiFields.filter((field) => field.otherWifi.slot === slot).map((field) => field.key);
const networkOf = (slot: OtherWifiSlot): InheritableKey =>
  otherWifiFields.find((field) => field.otherWifi.slot === slot && field.otherWifi.part === 'network')!.key;

/** Whether `field` is shown: a field of no other network, or one of a network in use (`inUse`: a field holds a value). */
export function showsOtherWifiField(field: GuideField, inUse: (key: InheritableKey) => boolean, form: 'shared' | 'room'): boolean {
  if (!('otherWifi' in field)) return true;
  const slot = field.otherWifi.slot;
  if (partsOf(slot).some(inUse)) return true;
  if (form === 'room') return false;
  const before = OTHER_WIFI_SLOTS[OTHER_WIFI_SLOTS.indexOf(slot) - 1];
  return before === undefined || inUse(networkOf(before));
}
