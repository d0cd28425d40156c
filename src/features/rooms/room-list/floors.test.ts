import { describe, expect, it } from 'vitest';
import { floorOf, floorsOf } from './floors';

describe('floorOf', () => {
  it('reads the floor before the last two digits', () => {
    expect(floorOf('101')).toBe('1');
    expect(floorOf('215')).toBe('2');
    expect(floorOf('1203')).toBe('12');
    expect(floorOf('A214')).toBe('A2');
    expect(floorOf('005')).toBe('0');
  });

  it('says no floor for short numbers and numbers that do not end in digits', () => {
    expect(floorOf('12')).toBeNull();
    expect(floorOf('Suite')).toBeNull();
    expect(floorOf('12B')).toBeNull();
    expect(floorOf('')).toBeNull();
  });
});

describe('floorsOf', () => {
  it('lists each floor once in numeric order', () => {
    expect(floorsOf(['1001', '201', '101', '102', '12', '901'])).toEqual(['1', '2', '9', '10']);
  });

  it('offers nothing to filter with one floor or none', () => {
    expect(floorsOf(['101', '102', '103'])).toEqual([]);
    expect(floorsOf(['1', '2', 'Suite'])).toEqual([]);
  });
});
