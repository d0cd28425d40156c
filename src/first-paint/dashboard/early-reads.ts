/**
 * The dashboard's first reads (a property's room list makes the same ones), started by the app's entry (src/main.tsx)
 * as soon as the page's first module runs, before the app's code (React, Chakra, supabase-js, the router: ~1 s of
 * download and evaluation on a phone) has loaded. The property list needs the properties and the rooms (its room
 * counts; the first paint reads only the counts); without this, both requests left only once the app had rendered and
 * the session was read, one round trip (and a CORS preflight) after the other.
 *
 * They use the session supabase-js stored (its access token, while it is still valid for a while); the list's first
 * read takes the answer if it is for the same user and successful, otherwise it reads through supabase-js as always.
 * Each early answer is used once: later reads (refetch on focus, after a change) always go through supabase-js.
 */
import { readStoredSession, validAccessToken } from '../stored-session';
import { env } from '@/lib/env';
import { propertyColumns, roomColumns } from '../../lib/data/rows';

/**
 * The two tables, the user's teams (public.my_teams: which team's properties the list shows), and each property's
 * number of rooms (for the first paint only: a host's every room, which the live list reads, is ~1 s more on a phone
 * for a hotel of 300 rooms).
 */
type EarlyTable = 'properties' | 'qr_codes' | 'my_teams' | 'room_counts';

/** A property's id with its number of rooms, as PostgREST counts an embedded table. */
export interface RoomCountRow {
  id: string;
  qr_codes: { count: number }[];
}

const tableRead = (columns: string) => `?${new URLSearchParams({ select: columns.replace(/\s/g, ''), order: 'created_at.asc' })}`;
/** Each read's path under /rest/v1/: the tables as supabase-js sends them, the function with GET (it is stable). */
const paths: Record<EarlyTable, string> = {
  properties: `properties${tableRead(propertyColumns)}`,
  qr_codes: `qr_codes${tableRead(roomColumns)}`,
  my_teams: 'rpc/my_teams',
  room_counts: `properties?${new URLSearchParams({ select: 'id,qr_codes(count)' })}`,
};
const started = new Map<EarlyTable, { userId: string; rows: Promise<unknown[] | null> }>();
/** A token that expires within this margin is left to supabase-js, which refreshes it first. */
const EXPIRY_MARGIN_MS = 60_000;

function storedSession(): { userId: string; accessToken: string } | null {
  const session = readStoredSession();
  const accessToken = session ? validAccessToken(session, EXPIRY_MARGIN_MS) : null;
  return session && accessToken ? { userId: session.userId, accessToken } : null;
}

/**
 * Starts the property list's reads (as supabase-js sends them: same columns and order; row-level security picks the
 * rows of every team the user is in) for the stored session; the room counts too where the list is painted first.
 */
export function startEarlyReads({ forFirstPaint }: { forFirstPaint: boolean }): void {
  const session = storedSession();
  started.clear();
  if (!session) return;
  for (const table of Object.keys(paths) as EarlyTable[]) {
    if (table === 'room_counts' && !forFirstPaint) continue;
    const rows = fetch(`${env.supabaseUrl}/rest/v1/${paths[table]}`, {
      headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${session.accessToken}`, Accept: 'application/json' },
    })
      .then(async (response) => {
        const body: unknown = response.ok ? await response.json() : null;
        return Array.isArray(body) ? body : null;
      })
      .catch(() => null);
    started.set(table, { userId: session.userId, rows });
  }
}

/** The rows the early read of `table` got for `userId` (once), or null: then the caller reads through supabase-js. */
export async function takeEarlyRead<Row>(table: EarlyTable, userId: string): Promise<Row[] | null> {
  const early = started.get(table);
  started.delete(table);
  if (!early || early.userId !== userId) return null;
  return (await early.rows) as Row[] | null;
}

/**
 * The rows of `table`'s early read without taking them (the first paint shows them; the app's list still takes
 * them), or null if there is no successful early read.
 */
export async function peekEarlyRead<Row>(table: EarlyTable): Promise<Row[] | null> {
  return ((await started.get(table)?.rows) ?? null) as Row[] | null;
}
