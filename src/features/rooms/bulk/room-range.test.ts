import { describe, expect, it } from 'vitest';
import { roomNumbersInRange, roomsFromRange, splitRangeText } from './room-range';

describe('roomsFromRange', () => {
  it('makes rooms 101–140 named by the pattern', () => {
    const result = roomsFromRange('101', '140', 'Room {n}');
    if (!result.ok) throw new Error(result.error);
    expect(result.rows).toHaveLength(40);
    expect(result.rows[0]).toEqual({ name: 'Room 101', roomNumber: '101', line: 1 });
    expect(result.rows[39]).toEqual({ name: 'Room 140', roomNumber: '140', line: 40 });
  });

  it('keeps zero padding and a shared prefix', () => {
    const padded = roomNumbersInRange('001', '012');
    expect(padded.ok && padded.numbers.slice(0, 2)).toEqual(['001', '002']);
    expect(padded.ok && padded.numbers.at(-1)).toBe('012');
    const paddedEnd = roomNumbersInRange('8', '010');
    expect(paddedEnd.ok && paddedEnd.numbers).toEqual(['008', '009', '010']);
    const prefixed = roomNumbersInRange('A-98', 'A-101');
    expect(prefixed.ok && prefixed.numbers).toEqual(['A-98', 'A-99', 'A-100', 'A-101']);
    const single = roomNumbersInRange('7', '7');
    expect(single.ok && single.numbers).toEqual(['7']);
  });

  it('explains what is wrong with a range', () => {
    expect(roomNumbersInRange('abc', '12')).toEqual({ ok: false, error: 'notANumber' });
    expect(roomNumbersInRange('A1', 'B9')).toEqual({ ok: false, error: 'differentPrefix' });
    expect(roomNumbersInRange('140', '101')).toEqual({ ok: false, error: 'reversed' });
    expect(roomNumbersInRange('1', '501')).toEqual({ ok: false, error: 'tooMany' });
    expect(roomNumbersInRange('1', '500').ok).toBe(true);
  });
});

describe('splitRangeText', () => {
  it('reads the usual ways of writing a range', () => {
    for (const text of ['101-140', '101–140', '101 — 140', ' 101..140 ']) expect(splitRangeText(text)).toEqual({ from: '101', to: '140' });
    expect(splitRangeText('A-101 - A-140')).toEqual({ from: 'A-101', to: 'A-140' });
  });

  it('answers null for something that is not a range', () => {
    expect(splitRangeText('101')).toBeNull();
    expect(splitRangeText('')).toBeNull();
  });
});
