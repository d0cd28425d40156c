import { describe, expect, it } from 'vitest';
import { matchesRoomQuery, sortRooms } from './room-sort';

const room = (name: string, roomNumber: string | null) => ({ name, roomNumber });

describe('sortRooms', () => {
  it('orders room numbers numerically, not alphabetically', () => {
    const sorted = sortRooms([room('a', '10'), room('b', '2'), room('c', '1'), room('d', '101'), room('e', '20')]);
    expect(sorted.map((r) => r.roomNumber)).toEqual(['1', '2', '10', '20', '101']);
  });

  it('keeps letter suffixes after their number and is case-insensitive', () => {
    const sorted = sortRooms([room('x', '101b'), room('y', '101'), room('z', '101A'), room('w', '99')]);
    expect(sorted.map((r) => r.roomNumber)).toEqual(['99', '101', '101A', '101b']);
  });

  it('puts rooms without a number last, ordered by name', () => {
    const sorted = sortRooms([room('Garden', ''), room('Suite', '3'), room('Attic', null), room('Loft', '  '), room('Twin', '1')]);
    expect(sorted.map((r) => r.name)).toEqual(['Twin', 'Suite', 'Attic', 'Garden', 'Loft']);
  });

  it('breaks ties on the same number by name and does not mutate the input', () => {
    const input = [room('B', '5'), room('A', '5')];
    const sorted = sortRooms(input);
    expect(sorted.map((r) => r.name)).toEqual(['A', 'B']);
    expect(input.map((r) => r.name)).toEqual(['B', 'A']);
  });
});

describe('matchesRoomQuery', () => {
  it('matches on name or room number, ignoring case and surrounding spaces', () => {
    expect(matchesRoomQuery(room('Sea View Suite', '204'), ' sea ')).toBe(true);
    expect(matchesRoomQuery(room('Sea View Suite', '204'), '20')).toBe(true);
    expect(matchesRoomQuery(room('Sea View Suite', '204'), 'garden')).toBe(false);
    expect(matchesRoomQuery(room('Sea View Suite', null), '')).toBe(true);
  });
});
