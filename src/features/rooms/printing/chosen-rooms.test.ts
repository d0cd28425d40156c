import { describe, expect, it } from 'vitest';
import { href } from '@/lib/paths';
import { chosenRoomNumbers, pickChosenRooms } from './chosen-rooms';

const rooms = [
  { id: 'a', roomNumber: '2' },
  { id: 'b', roomNumber: '10' },
  { id: 'c', roomNumber: '12A' },
  { id: 'd', roomNumber: 'Suite, east' },
];

describe('the rooms a print sheet shows', () => {
  it('names the rooms in the address, one parameter each, and reads them back however they are spelt', () => {
    const sheet = href.printSheet('p-1', ['10', 'Suite, east', 'Zimmer 3/4 & 5']);
    expect(sheet).toBe('/dashboard/properties/p-1/qrcodes/print?room=10&room=Suite%2C+east&room=Zimmer+3%2F4+%26+5');
    expect(chosenRoomNumbers(new URL(sheet, 'http://localhost').searchParams)).toEqual(['10', 'Suite, east', 'Zimmer 3/4 & 5']);
    expect(href.printSheet('p-1')).toBe('/dashboard/properties/p-1/qrcodes/print');
  });

  it('shows every room when the address names none (or only blanks)', () => {
    expect(pickChosenRooms(rooms, chosenRoomNumbers(new URLSearchParams('')))).toEqual(rooms);
    expect(pickChosenRooms(rooms, chosenRoomNumbers(new URLSearchParams('room=&room=%20')))).toEqual(rooms);
  });

  it('keeps the rooms named, in the sheet’s order, matching numbers as the database does (trimmed, any case)', () => {
    expect(pickChosenRooms(rooms, ['suite, EAST', ' 12a ', '2']).map((room) => room.id)).toEqual(['a', 'c', 'd']);
  });

  it('leaves out numbers the property no longer has, and shows nothing when none is left', () => {
    expect(pickChosenRooms(rooms, ['10', '404']).map((room) => room.id)).toEqual(['b']);
    expect(pickChosenRooms(rooms, ['404'])).toEqual([]);
  });
});
