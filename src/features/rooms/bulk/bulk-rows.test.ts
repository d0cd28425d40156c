import { describe, expect, it } from 'vitest';
import { checkRoomRows, createRoomsPayload, maxBulkRooms, roomNumberKey, rowsOverPlan, type BulkRoomRow } from './bulk-rows';

const row = (name: string, roomNumber: string, line: number, wifiPassword?: string): BulkRoomRow => ({ name, roomNumber, line, wifiPassword });

describe('checkRoomRows', () => {
  it('accepts a clean list', () => {
    const result = checkRoomRows([row('Room 101', '101', 1), row('Room 102', '102', 2, 'pw')]);
    expect(result.ready).toBe(true);
    expect(result.rows.map((r) => r.problems)).toEqual([[], []]);
  });

  it('names a missing name or number per row', () => {
    const result = checkRoomRows([row('  ', '101', 1), row('Room', '', 2)]);
    expect(result.ready).toBe(false);
    expect(result.rows[0].problems).toEqual([{ field: 'name', kind: 'missing' }]);
    expect(result.rows[1].problems).toEqual([{ field: 'roomNumber', kind: 'missing' }]);
  });

  it('uses the database’s length limits (characters, not bytes)', () => {
    const result = checkRoomRows([row('x'.repeat(121), '1'.repeat(21), 1, 'p'.repeat(64)), row('é'.repeat(120), '桜'.repeat(20), 2, 'p'.repeat(63))]);
    expect(result.rows[0].problems).toEqual([
      { field: 'name', kind: 'tooLong', limit: 120 },
      { field: 'roomNumber', kind: 'tooLong', limit: 20 },
      { field: 'wifiPassword', kind: 'tooLong', limit: 63 },
    ]);
    expect(result.rows[1].problems).toEqual([]);
  });

  it('flags a number repeated in the list (trimmed, any case) on every later row, pointing at the first', () => {
    const result = checkRoomRows([row('A', '12a', 3), row('B', ' 12A ', 5), row('C', '12a', 9), row('D', '13', 10)]);
    expect(result.rows.map((r) => r.problems)).toEqual([
      [],
      [{ field: 'roomNumber', kind: 'duplicate', firstLine: 3 }],
      [{ field: 'roomNumber', kind: 'duplicate', firstLine: 3 }],
      [],
    ]);
  });

  it('flags numbers the property already has', () => {
    const result = checkRoomRows([row('A', '101', 1), row('B', '103', 2)], ['101 ', '102']);
    expect(result.rows[0].problems).toEqual([{ field: 'roomNumber', kind: 'taken' }]);
    expect(result.rows[1].problems).toEqual([]);
  });

  it('is not ready when empty or longer than one call takes', () => {
    expect(checkRoomRows([]).ready).toBe(false);
    const many = Array.from({ length: maxBulkRooms + 1 }, (_, i) => row(`R${i}`, String(i), i + 1));
    expect(checkRoomRows(many)).toMatchObject({ tooMany: true, ready: false });
    expect(checkRoomRows(many.slice(0, maxBulkRooms))).toMatchObject({ tooMany: false, ready: true });
  });
});

describe('roomNumberKey', () => {
  it('compares like the database: trimmed, case-insensitive', () => {
    expect(roomNumberKey(' 12A ')).toBe(roomNumberKey('12a'));
    expect(roomNumberKey('12A')).not.toBe(roomNumberKey('12B'));
  });
});

describe('createRoomsPayload', () => {
  it('sends trimmed name and number and a WiFi password only where the room has its own', () => {
    expect(createRoomsPayload([row(' Room 1 ', ' 1 ', 1, 'own'), row('Room 2', '2', 2), row('Room 3', '3', 3, '')])).toEqual([
      { name: 'Room 1', room_number: '1', content: { wifi: { password: 'own' } } },
      { name: 'Room 2', room_number: '2' },
      { name: 'Room 3', room_number: '3' },
    ]);
  });
});

describe('rowsOverPlan', () => {
  const rows = (count: number) =>
    checkRoomRows(Array.from({ length: count }, (_, i) => ({ name: `Room ${i + 1}`, roomNumber: String(i + 1), line: i + 1 }))).rows;

  it('marks the rows past the free slots, in list order', () => {
    expect([...rowsOverPlan(rows(5), 3)]).toEqual([4, 5]);
    expect([...rowsOverPlan(rows(2), 3)]).toEqual([]);
    expect([...rowsOverPlan(rows(2), 0)]).toEqual([1, 2]);
  });

  it('counts only rows that could be created', () => {
    const list = checkRoomRows([
      { name: 'A', roomNumber: '1', line: 1 },
      { name: '', roomNumber: '2', line: 2 },
      { name: 'C', roomNumber: '3', line: 3 },
    ]).rows;
    expect([...rowsOverPlan(list, 1)]).toEqual([3]);
  });
});
