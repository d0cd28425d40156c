/** What the bulk room test files share: their database pool, and how they make, count and read rooms. */
import { queryAs, superuserPool, user } from './support.ts';

export const pool = superuserPool();

export interface RoomInput {
  name?: unknown;
  room_number?: unknown;
  [field: string]: unknown;
}

export interface RoomRow {
  id: string;
  name: string;
  room_number: string;
  content: { wifi?: Record<string, unknown> | null };
  hotel: Record<string, unknown>;
  template: string | null;
  images: string[];
}

export const numbered = (numbers: number[]): RoomInput[] => numbers.map((n) => ({ name: `Room ${n}`, room_number: String(n) }));
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export function createRooms(owner: string, propertyId: string, rooms: unknown) {
  return queryAs<RoomRow>(pool, user(owner), 'select * from public.create_rooms($1, $2)', [propertyId, JSON.stringify(rooms)]);
}

export async function roomCount(propertyId: string): Promise<number> {
  const { rows } = await pool.query<{ count: number }>('select count(*)::int as count from public.qr_codes where property_id = $1', [propertyId]);
  return rows[0].count;
}

/** Old-style rooms inserted directly (the quota trigger counts them). */
export async function fillRooms(owner: string, propertyId: string, count: number, offset = 1000): Promise<void> {
  await pool.query(
    `insert into public.qr_codes (user_id, property_id, name, room_number)
     select $1, $2, 'Filler ' || n, n::text from generate_series($3::int, $3::int + $4::int - 1) as n`,
    [owner, propertyId, offset, count],
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- get_guide's jsonb, read by path in assertions
export async function guideOf(id: string): Promise<Record<string, any>> {
  const { rows } = await pool.query('select public.get_guide($1) as guide', [id]);
  return rows[0].guide;
}
