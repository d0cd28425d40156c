import { describe, expect, it } from 'vitest';
import {
  fieldsOf,
  guideField,
  guideFields,
  guideTemplates,
  isGuideTemplate,
  otherWifiNetworks,
  utf8Length,
  valueAt,
  withValueAt,
  type GuideValues,
} from './guide-fields';

describe('guideFields', () => {
  it('names each field once, by key and by path', () => {
    expect(new Set(guideFields.map((field) => field.key)).size).toBe(guideFields.length);
    expect(new Set(guideFields.map((field) => field.path)).size).toBe(guideFields.length);
  });

  it('keeps the room its own: name, number and photos are not inherited from the property', () => {
    expect(guideFields.filter((field) => !field.inheritable).map((field) => field.key)).toEqual(['name', 'roomNumber', 'images', 'style.roomPhotoUrl']);
  });

  it("marks as a guest's text exactly the free texts that may carry translations", () => {
    expect(guideFields.filter((field) => field.guestText).map((field) => field.path)).toEqual([
      'name',
      'hotel.wifi2Place',
      'hotel.wifi3Place',
      'hotel.wifi4Place',
      'hotel.name',
      'hotel.description',
      'hotel.checkIn',
      'hotel.checkOut',
      'hotel.breakfast',
      'hotel.restaurant',
      'hotel.houseRules',
      'hotel.pharmacy',
      'hotel.hospital',
      'area.location',
      'area.activities',
    ]);
  });

  it('gives the hotel, help and area cards their fields in order, and the templates with the default first', () => {
    expect(fieldsOf('hotel').map((field) => field.key)).toEqual([
      'hotel.name',
      'hotel.photoUrl',
      'hotel.phone',
      'hotel.website',
      'hotel.description',
      'hotel.checkIn',
      'hotel.checkOut',
      'hotel.breakfast',
      'hotel.restaurant',
      'hotel.houseRules',
    ]);
    expect(fieldsOf('help').map((field) => field.key)).toEqual(['hotel.emergencyPhone', 'hotel.pharmacy', 'hotel.hospital']);
    expect(guideTemplates[0]).toBe('custom');
    expect(isGuideTemplate('cabin')).toBe(true);
    expect(isGuideTemplate('neon')).toBe(false);
    expect(guideField('wifi.network')).toMatchObject({ kind: 'ssid', maxLength: 32 });
  });
});

describe('valueAt / withValueAt', () => {
  it('read and write at a dotted key without changing the original', () => {
    const values = { name: 'Loft', wifi: { network: 'Home', password: 'x' } };
    const changed = withValueAt(values, 'wifi.password', 'y');
    expect(changed).toEqual({ name: 'Loft', wifi: { network: 'Home', password: 'y' } });
    expect(values.wifi.password).toBe('x');
    expect(valueAt(changed, 'wifi.password')).toBe('y');
    expect(valueAt(changed, 'wifi.password.deeper')).toBeUndefined();
    expect(valueAt(null, 'name')).toBeUndefined();
    expect(withValueAt({}, 'content.wifi.network', 'N')).toEqual({ content: { wifi: { network: 'N' } } });
  });

  it('counts an SSID in bytes', () => {
    expect(utf8Length('é'.repeat(16))).toBe(32);
    expect(utf8Length('WiFi')).toBe(4);
  });
});

describe('otherWifiNetworks', () => {
  it('gives the slots that name a network, in order, with their place and password', () => {
    const hotel = Object.fromEntries(
      guideFields.filter((field) => field.path.startsWith('hotel.')).map((field) => [field.key.slice('hotel.'.length), '']),
    ) as GuideValues['hotel'];
    expect(otherWifiNetworks({ hotel })).toEqual([]);
    expect(otherWifiNetworks({ hotel: { ...hotel, wifi2Place: 'Lobby', wifi3Place: 'Pool', wifi4Network: 'Garden', wifi4Password: ' p ' } })).toEqual([
      { place: '', network: 'Garden', password: ' p ' },
    ]);
    expect(
      otherWifiNetworks({ hotel: { ...hotel, wifi2Network: 'Lobby net', wifi3Network: 'Pool net', wifi3Place: 'Pool' } }).map((wifi) => wifi.place),
    ).toEqual(['', 'Pool']);
  });
});
