/**
 * Rooms a host is about to create in bulk (from a number range or pasted lines / CSV), checked before anything is
 * sent with the database's rules: name and room number required, the same length limits, at most 500 rooms per
 * call, and room numbers unique per property — compared trimmed and case-insensitively, as create_rooms does —
 * within the list and against the property's existing rooms. Problems are data (field, kind), not sentences, so
 * the preview words them in the host's language.
 */

import { guideField } from '@/lib/guide-fields';

/** create_rooms refuses longer lists (SQL: max_rooms). */
export const maxBulkRooms = 500;

export interface BulkRoomRow {
  name: string;
  roomNumber: string;
  /** The room's own WiFi password; empty or absent = the property's. */
  wifiPassword?: string;
  /** Where the row came from (1-based line of the pasted text or CSV), for the preview. */
  line: number;
}

export type BulkRowField = 'name' | 'roomNumber' | 'wifiPassword';

export type BulkRowProblem =
  | { field: BulkRowField; kind: 'missing' }
  | { field: BulkRowField; kind: 'tooLong'; limit: number }
  /** The same room number as an earlier row of the list (that row's line). */
  | { field: 'roomNumber'; kind: 'duplicate'; firstLine: number }
  /** A room number the property already has. */
  | { field: 'roomNumber'; kind: 'taken' };

export interface CheckedRoomRow extends BulkRoomRow {
  problems: BulkRowProblem[];
}

export interface CheckedRoomList {
  rows: CheckedRoomRow[];
  /** More rows than one create_rooms call takes. */
  tooMany: boolean;
  /** True when the list can be sent as it is. */
  ready: boolean;
}

/** How the database compares room numbers within a property. */
export function roomNumberKey(roomNumber: string): string {
  return roomNumber.trim().toLowerCase();
}

const limits: Record<BulkRowField, number> = {
  name: guideField('name').maxLength,
  roomNumber: guideField('roomNumber').maxLength,
  wifiPassword: guideField('wifi.password').maxLength,
};

function fieldProblems(row: BulkRoomRow): BulkRowProblem[] {
  const problems: BulkRowProblem[] = [];
  const values: Record<BulkRowField, string> = { name: row.name.trim(), roomNumber: row.roomNumber.trim(), wifiPassword: row.wifiPassword ?? '' };
  for (const field of ['name', 'roomNumber'] as const) {
    if (values[field] === '') problems.push({ field, kind: 'missing' });
  }
  for (const field of ['name', 'roomNumber', 'wifiPassword'] as const) {
    if ([...values[field]].length > limits[field]) problems.push({ field, kind: 'tooLong', limit: limits[field] });
  }
  return problems;
}

export function checkRoomRows(rows: readonly BulkRoomRow[], existingRoomNumbers: Iterable<string> = []): CheckedRoomList {
  const taken = new Set([...existingRoomNumbers].map(roomNumberKey));
  const firstLineOf = new Map<string, number>();
  const checked = rows.map((row): CheckedRoomRow => {
    const problems = fieldProblems(row);
    const key = roomNumberKey(row.roomNumber);
    if (key !== '') {
      const firstLine = firstLineOf.get(key);
      if (firstLine !== undefined) problems.push({ field: 'roomNumber', kind: 'duplicate', firstLine });
      else firstLineOf.set(key, row.line);
      if (taken.has(key)) problems.push({ field: 'roomNumber', kind: 'taken' });
    }
    return { ...row, problems };
  });
  const tooMany = rows.length > maxBulkRooms;
  return { rows: checked, tooMany, ready: rows.length > 0 && !tooMany && checked.every((row) => row.problems.length === 0) };
}

/**
 * The rows past the plan's free slots, counted in list order over the rows without other problems (those could be
 * created): create_rooms would refuse the whole list, so the preview marks them before the host clicks Create.
 */
export function rowsOverPlan(rows: readonly CheckedRoomRow[], freeSlots: number): Set<number> {
  const over = new Set<number>();
  let fitting = 0;
  for (const row of rows) {
    if (row.problems.length > 0) continue;
    if (fitting < freeSlots) fitting += 1;
    else over.add(row.line);
  }
  return over;
}

/** One entry of create_rooms' `rooms` list. A WiFi password overrides the property's; none inherits it. */
export interface CreateRoomEntry {
  name: string;
  room_number: string;
  content?: { wifi: { password: string } };
}

export function createRoomsPayload(rows: readonly BulkRoomRow[]): CreateRoomEntry[] {
  return rows.map((row) => {
    const entry: CreateRoomEntry = { name: row.name.trim(), room_number: row.roomNumber.trim() };
    const password = row.wifiPassword ?? '';
    if (password !== '') entry.content = { wifi: { password } };
    return entry;
  });
}
