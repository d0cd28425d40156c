import { describe, expect, it } from 'vitest';
import { toNewNotice, type NoticeFormValues } from './notice-form';

const rooms = new Map([
  ['215', 'room-215'],
  ['216', 'room-216'],
]);
const values: NoticeFormValues = {
  propertyId: 'harbour',
  rooms: '',
  text: '  The pool is closed today ',
  translations: { es: ' La piscina está cerrada hoy ', de: '' },
  startsAt: '2026-05-01T08:00',
  endsAt: '2026-05-01T20:00',
};
const make = (changes: Partial<NoticeFormValues>) => toNewNotice({ ...values, ...changes }, (number) => rooms.get(number));

describe('a new notice', () => {
  it('is the trimmed text, the translations given, every room or the rooms named, and its window', () => {
    expect(make({}).notice).toEqual({
      propertyId: 'harbour',
      roomIds: null,
      text: 'The pool is closed today',
      translations: { es: 'La piscina está cerrada hoy' },
      startsAt: new Date('2026-05-01T08:00').toISOString(),
      endsAt: new Date('2026-05-01T20:00').toISOString(),
    });
    expect(make({ rooms: '215, 216 215' }).notice?.roomIds).toEqual(['room-215', 'room-216']);
  });

  it('names what is wrong: no text, too long, a window that ends first, rooms the property does not have', () => {
    expect(make({ text: '  ' }).errors).toEqual({ text: 'textRequired' });
    expect(make({ text: 'x'.repeat(281) }).errors).toEqual({ text: 'textTooLong' });
    expect(make({ translations: { fr: 'x'.repeat(281) } }).errors).toEqual({ text: 'textTooLong' });
    expect(make({ endsAt: '2026-05-01T08:00' }).errors).toEqual({ window: 'windowInvalid' });
    expect(make({ startsAt: '' }).errors).toEqual({ window: 'windowInvalid' });
    const unknown = make({ rooms: '215, 999, 12' });
    expect(unknown.errors).toEqual({ rooms: 'unknownRooms' });
    expect(unknown.unknownRooms).toEqual(['999', '12']);
    expect(make({ propertyId: '' }).errors).toMatchObject({ property: 'propertyRequired' });
  });
});
