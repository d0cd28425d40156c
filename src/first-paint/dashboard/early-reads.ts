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
import { propertyColumns, propertyGuideColumns, roomColumns } from '../../lib/data/rows';

/**
 * The two tables, the user's teams (public.my_teams: which team's properties the list shows), each property's
 * number of rooms (for the first paint only: a host's every room, which the live list reads, is ~1 s more on a phone
 * for a hotel of 300 rooms), and on a room list its property's shared guide (the list's overview shows it; read once
 * the list had rendered, it arrived ~1 s after the rooms on a phone).
 */
type EarlyTable = 'properties' | 'qr_codes' | 'my_teams' | 'room_counts' | 'property_guide';

/** A property's id with its number of rooms, as PostgREST counts an embedded table. */
export interface RoomCountRow {
  id: string;
  qr_codes: { count: number }[];
}

const columns = (list: string) => list.replace(/\s/g, '');
const tableRead = (list: string) => `?${new URLSearchParams({ select: columns(list), order: 'created_at.asc' })}`;
/**
 * Each read's path under /rest/v1/: the tables as supabase-js sends them, the function with GET (it is stable); the
 * shared guide of the property with id `propertyId`.
 */
const paths: Record<EarlyTable, (propertyId: string) => string> = {
  properties: () => `properties${tableRead(propertyColumns)}`,
  qr_codes: () => `qr_codes${tableRead(roomColumns)}`,
  my_teams: () => 'rpc/my_teams',
  room_counts: () => `properties?${new URLSearchParams({ select: 'id,qr_codes(count)' })}`,
  property_guide: (propertyId) => `properties?${new URLSearchParams({ select: columns(propertyGuideColumns), id: `eq.${propertyId}` })}`,
};
/** Each read under way: for whom, for the shared guide which property, and when it started. */
const started = new Map<EarlyTable, { userId: string; propertyId: string; at: number; rows: Promise<unknown[] | null> }>();
/**
 * An answer not taken by then is not handed out: a screen opened later (the shared guide's form, say, if the room list
 * never showed its overview) reads afresh rather than edit what a teammate may have changed since.
 */
export const EARLY_READ_KEPT_MS = 30_000;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A token that expires within this margin is left to supabase-js, which refreshes it first. */
const EXPIRY_MARGIN_MS = 60_000;

function storedSession(): { userId: string; accessToken: string } | null {
  const session = readStoredSession();
  const accessToken = session ? validAccessToken(session, EXPIRY_MARGIN_MS) : null;
  return session && accessToken ? { userId: session.userId, accessToken } : null;
}

/**
 * Starts the property list's reads (as supabase-js sends them: same columns and order; row-level security picks the
 * rows of every team the user is in) for the stored session; the room counts too where the list is painted first, and
 * the shared guide of `propertyId` on its room list.
 */
export function startEarlyReads({ forFirstPaint, propertyId = '' }: { forFirstPaint: boolean; propertyId?: string }): void {
  const session = storedSession();
  started.clear();
  if (!session) return;
  for (const table of Object.keys(paths) as EarlyTable[]) {
    if (table === 'room_counts' && !forFirstPaint) continue;
    if (table === 'property_guide' && !uuid.test(propertyId)) continue;
    const rows = fetch(`${env.supabaseUrl}/rest/v1/${paths[table](propertyId)}`, {
      headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${session.accessToken}`, Accept: 'application/json' },
    })
      .then(async (response) => {
        const body: unknown = response.ok ? await response.json() : null;
        return Array.isArray(body) ? body : null;
      })
      .catch(() => null);
    started.set(table, { userId: session.userId, propertyId: table === 'property_guide' ? propertyId : '', at: Date.now(), rows });
  }
}

/**
 * The rows the early read of `table` got for `userId` (and the shared guide's for `propertyId`), once, or null: then
 * the caller reads through supabase-js.
 */
export async function takeEarlyRead<Row>(table: EarlyTable, userId: string, propertyId = ''): Promise<Row[] | null> {
  const early = started.get(table);
  started.delete(table);
  if (!early || early.userId !== userId || early.propertyId !== propertyId || Date.now() - early.at > EARLY_READ_KEPT_MS) return null;
  return (await early.rows) as Row[] | null;
}

/**
 * The rows of `table`'s early read without taking them (the first paint shows them; the app's list still takes
 * them), or null if there is no successful early read.
 */
export async function peekEarlyRead<Row>(table: EarlyTable): Promise<Row[] | null> {
  return ((await started.get(table)?.rows) ?? null) as Row[] | null;
}
