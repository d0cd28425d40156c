/**
 * What a refused create_rooms / update_rooms call means, read from the database's error: the SQLSTATE (`code`),
 * the field path (`details`, `rooms[i].field` for a list entry) and the JSON parameters in `hint`. The screens turn
 * it into a sentence in the host's language (e.g. "Only {{free}} QR code slots are free").
 */
export interface DatabaseErrorLike {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

export type BulkRoomsError =
  | { kind: 'quota'; free: number; requested: number; used: number; limit: number }
  /** Room numbers repeated inside the list, or already used by the property's rooms; rows index the list (0-based). */
  | { kind: 'roomNumbersRepeated' | 'roomNumbersTaken'; roomNumbers: string[]; rows: number[] }
  /** An entry the database refused; `field` is the path inside the entry (e.g. 'hotel.website'), row 0-based. */
  | { kind: 'invalidEntry'; row: number; field: string; message: string }
  /** A value refused for every selected room (update_rooms), or a malformed call. */
  | { kind: 'invalidInput'; field: string | null; message: string }
  | { kind: 'roomsMissing'; found: number; requested: number }
  | { kind: 'propertyNotFound' }
  | { kind: 'failed'; message: string };

function hintOf(error: DatabaseErrorLike): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(error.hint ?? '');
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const numberOf = (value: unknown): number => (typeof value === 'number' ? value : 0);
const listOf = <T>(value: unknown, isItem: (item: unknown) => item is T): T[] => (Array.isArray(value) ? value.filter(isItem) : []);
const isString = (item: unknown): item is string => typeof item === 'string';
const isNumber = (item: unknown): item is number => typeof item === 'number';

export function readBulkRoomsError(error: DatabaseErrorLike): BulkRoomsError {
  const hint = hintOf(error);
  const message = error.message ?? '';
  switch (error.code) {
    case 'QUOTA':
      return { kind: 'quota', free: numberOf(hint.free), requested: numberOf(hint.requested), used: numberOf(hint.used), limit: numberOf(hint.limit) };
    case '23505':
      return {
        kind: hint.in === 'list' ? 'roomNumbersRepeated' : 'roomNumbersTaken',
        roomNumbers: listOf(hint.room_numbers, isString),
        rows: listOf(hint.rows, isNumber),
      };
    case '23514': {
      const entry = /^rooms\[(\d+)\](?:\.(.+))?$/.exec(error.details ?? '');
      if (entry) return { kind: 'invalidEntry', row: Number(entry[1]), field: entry[2] ?? '', message };
      return { kind: 'invalidInput', field: error.details ?? null, message };
    }
    case 'PT404':
      return error.details === 'property_id'
        ? { kind: 'propertyNotFound' }
        : { kind: 'roomsMissing', found: numberOf(hint.found), requested: numberOf(hint.requested) };
    default:
      return { kind: 'failed', message };
  }
}
