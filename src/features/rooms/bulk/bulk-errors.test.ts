import { describe, expect, it } from 'vitest';
import { readBulkRoomsError } from './bulk-errors';

describe('readBulkRoomsError', () => {
  it('reads the free slots of a quota refusal', () => {
    expect(
      readBulkRoomsError({
        code: 'QUOTA',
        message: '20 rooms do not fit: only 10 QR code slots are free.',
        details: '40 of 50 QR codes used.',
        hint: '{"free": 10, "used": 40, "limit": 50, "requested": 20}',
      }),
    ).toEqual({ kind: 'quota', free: 10, requested: 20, used: 40, limit: 50 });
  });

  it('tells repeated numbers in the list from numbers the property already has', () => {
    expect(readBulkRoomsError({ code: '23505', details: 'rooms[1].room_number', hint: '{"room_numbers": ["201"], "rows": [1, 3], "in": "list"}' })).toEqual({
      kind: 'roomNumbersRepeated',
      roomNumbers: ['201'],
      rows: [1, 3],
    });
    expect(readBulkRoomsError({ code: '23505', details: 'room_number', hint: '{"room_numbers": ["101"], "in": "property"}' })).toEqual({
      kind: 'roomNumbersTaken',
      roomNumbers: ['101'],
      rows: [],
    });
  });

  it('names the row and field of a refused entry, and the field of a refused bulk edit', () => {
    expect(readBulkRoomsError({ code: '23514', message: 'hotel.website must be …', details: 'rooms[12].hotel.website' })).toEqual({
      kind: 'invalidEntry',
      row: 12,
      field: 'hotel.website',
      message: 'hotel.website must be …',
    });
    expect(readBulkRoomsError({ code: '23514', message: 'rooms[1] must be an object.', details: 'rooms[1]' })).toMatchObject({
      kind: 'invalidEntry',
      row: 1,
      field: '',
    });
    expect(readBulkRoomsError({ code: '23514', message: 'Choose at least one room.', details: 'room_ids' })).toEqual({
      kind: 'invalidInput',
      field: 'room_ids',
      message: 'Choose at least one room.',
    });
  });

  it('tells a missing property from missing rooms', () => {
    expect(readBulkRoomsError({ code: 'PT404', details: 'property_id' })).toEqual({ kind: 'propertyNotFound' });
    expect(readBulkRoomsError({ code: 'PT404', details: 'room_ids', hint: '{"found": 5, "requested": 6}' })).toEqual({
      kind: 'roomsMissing',
      found: 5,
      requested: 6,
    });
  });

  it('survives a hint that is not JSON and unknown codes', () => {
    expect(readBulkRoomsError({ code: 'QUOTA', hint: 'Subscribe for more rooms.' })).toEqual({ kind: 'quota', free: 0, requested: 0, used: 0, limit: 0 });
    expect(readBulkRoomsError({ code: '57014', message: 'canceling statement due to statement timeout' })).toEqual({
      kind: 'failed',
      message: 'canceling statement due to statement timeout',
    });
  });
});
