/**
 * Rooms from a number range and a name pattern: 101–140 with "Room {n}" gives Room 101 … Room 140. Leading zeros
 * set the width (001–040 gives 001 … 040), a shared prefix is kept (A101–A140), and `{n}` in the pattern stands
 * for the room number (a pattern without it gets the number appended).
 */
import { roomNameFromPattern } from '@/lib/room-name';
import { maxBulkRooms, type BulkRoomRow } from './bulk-rows';

export type RoomRangeError = 'notANumber' | 'differentPrefix' | 'reversed' | 'tooMany';

export type RoomRangeResult = { ok: true; rows: BulkRoomRow[] } | { ok: false; error: RoomRangeError };

const numberPattern = /^(.*?)(\d+)$/;

/** "101-140", "101–140", "101 — 140", "101..140" → its two ends; null when the text is not a range. */
export function splitRangeText(text: string): { from: string; to: string } | null {
  const match = /^\s*(\S+?)\s*(?:\.\.|[-–—])\s*(\S+)\s*$/.exec(text);
  return match ? { from: match[1], to: match[2] } : null;
}

export function roomNumbersInRange(from: string, to: string): { ok: true; numbers: string[] } | { ok: false; error: RoomRangeError } {
  const start = numberPattern.exec(from.trim());
  const end = numberPattern.exec(to.trim());
  if (!start || !end) return { ok: false, error: 'notANumber' };
  const [, prefix, startDigits] = start;
  const [, endPrefix, endDigits] = end;
  if (prefix !== endPrefix) return { ok: false, error: 'differentPrefix' };
  const first = Number(startDigits);
  const last = Number(endDigits);
  if (last < first) return { ok: false, error: 'reversed' };
  if (last - first + 1 > maxBulkRooms) return { ok: false, error: 'tooMany' };
  const padded = /^0\d/.test(startDigits) || /^0\d/.test(endDigits);
  const width = padded ? Math.max(startDigits.length, endDigits.length) : 0;
  const numbers = Array.from({ length: last - first + 1 }, (_, i) => `${prefix}${String(first + i).padStart(width, '0')}`);
  return { ok: true, numbers };
}

export function roomsFromRange(from: string, to: string, namePattern: string): RoomRangeResult {
  const range = roomNumbersInRange(from, to);
  if (!range.ok) return range;
  return { ok: true, rows: range.numbers.map((roomNumber, index) => ({ name: roomNameFromPattern(namePattern, roomNumber), roomNumber, line: index + 1 })) };
}
