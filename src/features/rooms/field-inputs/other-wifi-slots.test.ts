import { describe, expect, it } from 'vitest';
import { guideField, guideFields, type InheritableKey } from '@/lib/guide-fields';
import { showsOtherWifiField } from './other-wifi-slots';

/** The keys of the other networks' fields a form shows when `inUse` holds for `used`. */
function shown(used: InheritableKey[], form: 'shared' | 'room'): string[] {
  return guideFields.filter((field) => 'otherWifi' in field && showsOtherWifiField(field, (key) => used.includes(key), form)).map((field) => field.key);
}

describe('showsOtherWifiField', () => {
  it('shows every field that is not one of the other networks', () => {
    expect(showsOtherWifiField(guideField('wifi.password'), () => false, 'room')).toBe(true);
    expect(showsOtherWifiField(guideField('hotel.name'), () => false, 'shared')).toBe(true);
  });

  it('offers the shared guide the second network, and each next one once the one before it has a name', () => {
    expect(shown([], 'shared')).toEqual(['hotel.wifi2Place', 'hotel.wifi2Network', 'hotel.wifi2Password']);
    expect(shown(['hotel.wifi2Place'], 'shared')).toEqual(['hotel.wifi2Place', 'hotel.wifi2Network', 'hotel.wifi2Password']);
    expect(shown(['hotel.wifi2Network'], 'shared')).toHaveLength(6);
    expect(shown(['hotel.wifi2Network', 'hotel.wifi3Network'], 'shared')).toHaveLength(9);
    // A later network that holds something stays in view even when the one before it is emptied.
    expect(shown(['hotel.wifi4Password'], 'shared')).toEqual([
      'hotel.wifi2Place',
      'hotel.wifi2Network',
      'hotel.wifi2Password',
      'hotel.wifi4Place',
      'hotel.wifi4Network',
      'hotel.wifi4Password',
    ]);
  });

  it('shows a room only the networks its property or the room itself sets', () => {
    expect(shown([], 'room')).toEqual([]);
    expect(shown(['hotel.wifi3Network'], 'room')).toEqual(['hotel.wifi3Place', 'hotel.wifi3Network', 'hotel.wifi3Password']);
  });
});
