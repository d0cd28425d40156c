/**
 * Which of the property's other WiFi networks (guide-fields.ts `OTHER_WIFI_SLOTS`) a host form shows, so a hotel
 * with one network does not scroll past nine empty inputs on every room: the shared guide offers the next empty
 * network once the one before it has a name; a room shows the networks its property or the room itself sets.
 */
import { OTHER_WIFI_SLOTS, type GuideField, type InheritableKey, type OtherWifiSlot } from '@/lib/guide-fields';

const partsOf = (slot: OtherWifiSlot): InheritableKey[] => [`hotel.wifi${slot}Place`, `hotel.wifi${slot}Network`, `hotel.wifi${slot}Password`];

/** Whether `field` is shown: a field of no other network, or one of a network in use (`inUse`: a field holds a value). */
export function showsOtherWifiField(field: GuideField, inUse: (key: InheritableKey) => boolean, form: 'shared' | 'room'): boolean {
  if (!('otherWifi' in field)) return true;
  const slot = field.otherWifi.slot;
  if (partsOf(slot).some(inUse)) return true;
  if (form === 'room') return false;
  const before = OTHER_WIFI_SLOTS[OTHER_WIFI_SLOTS.indexOf(slot) - 1];
  return before === undefined || inUse(`hotel.wifi${before}Network`);
}
