import { describe, expect, it } from 'vitest';
import { guideFields } from '@/lib/guide-fields';
import { formStateOf, inheritableKeys, newRoomValues, roomValuesOf } from './prefill';
import { toRoomFormValues, toRoomWrite, type RoomFormRow } from '../rows';
import type { RoomFormValues } from '../types';

describe('newRoomValues', () => {
  it('starts a room that inherits every shared field: nothing copied, no WiFi password', () => {
    const room = newRoomValues();
    expect(room.wifi).toEqual({ network: null, password: null });
    // The hotel column: the hotel's and the help card's fields, and the property's other WiFi networks.
    expect(Object.values(room.hotel)).toEqual(Array(guideFields.filter((field) => field.path.startsWith('hotel.')).length).fill(null));
    expect(room.hotel.wifi2Network).toBeNull();
    expect(room.area).toEqual({ location: null, activities: null, businessLink: null });
    expect(room.template).toBeNull();
    expect(room.style).toEqual({ primaryColor: null, backgroundColor: null, logoUrl: null, roomPhotoUrl: '' });
    const { overridden, values } = formStateOf(room);
    expect(overridden.size).toBe(0);
    expect(values.wifi.password).toBe('');
  });
});

describe('formStateOf / roomValuesOf', () => {
  const own: RoomFormValues = {
    ...newRoomValues(),
    name: 'Room 107',
    roomNumber: '107',
    images: ['https://p.example/107.jpg'],
    style: { primaryColor: null, backgroundColor: null, logoUrl: null, roomPhotoUrl: 'https://p.example/107.jpg' },
    wifi: { network: null, password: 'room-107-own' },
    hotel: { ...newRoomValues().hotel, phone: '' },
  };

  it('marks exactly the overridden fields, an empty override included', () => {
    const { overridden, values } = formStateOf(own);
    expect([...overridden].sort()).toEqual(['hotel.phone', 'wifi.password']);
    expect(values.wifi.password).toBe('room-107-own');
    expect(values.style.roomPhotoUrl).toBe('https://p.example/107.jpg');
  });

  it('gives back what it read when nothing changed: a room that inherits keeps inheriting', () => {
    const { overridden, values } = formStateOf(own);
    expect(roomValuesOf(values, overridden)).toEqual(own);
  });

  it('saves every field the host did not override as null, whatever the inputs hold', () => {
    const { values } = formStateOf(own);
    const room = roomValuesOf({ ...values, hotel: { ...values.hotel, name: 'typed then given back' } }, new Set(['wifi.password']));
    expect(room.hotel.name).toBeNull();
    expect(room.hotel.phone).toBeNull();
    expect(room.wifi).toEqual({ network: null, password: 'room-107-own' });
    expect(inheritableKeys).toEqual(guideFields.filter((field) => field.inheritable).map((field) => field.key));
  });
});

describe('the database shape of a room (rows.ts)', () => {
  const row = (overrides: Partial<RoomFormRow>): RoomFormRow => ({
    property_id: 'p',
    name: 'Room 1',
    room_number: '1',
    hotel: {},
    area: {},
    style: {},
    content: {},
    images: [],
    template: null,
    ...overrides,
  });

  it('reads absent and "" as inherit, a value as override, JSON null as an empty override', () => {
    const room = toRoomFormValues(
      row({ hotel: { name: '', phone: '+34 600', website: null }, area: { activities: [] }, content: { wifi: { password: 'x' } }, template: 'beach' }),
    );
    expect(room.hotel).toEqual({ ...newRoomValues().hotel, phone: '+34 600', website: '' });
    expect(room.area.activities).toBeNull();
    expect(room.wifi).toEqual({ network: null, password: 'x' });
    expect(room.template).toBe('beach');
    expect(toRoomFormValues(row({ content: { wifi: null } })).wifi).toEqual({ network: '', password: '' });
  });

  it('writes only the overrides: inherited fields are left out, empty overrides become JSON null', () => {
    const write = toRoomWrite({
      ...newRoomValues(),
      name: 'Room 1',
      roomNumber: '1',
      hotel: { ...newRoomValues().hotel, phone: '' },
      wifi: { network: null, password: 'own' },
    });
    expect(write).toEqual({
      name: 'Room 1',
      room_number: '1',
      hotel: { phone: null },
      area: {},
      style: { roomPhotoUrl: '' },
      content: { wifi: { password: 'own' } },
      images: [],
      template: null,
    });
    expect(toRoomWrite(newRoomValues()).content).toEqual({});
    expect(toRoomWrite({ ...newRoomValues(), wifi: { network: '', password: '' } }).content).toEqual({ wifi: null });
  });
});
