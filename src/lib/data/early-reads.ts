/**
 * The dashboard's first reads, started by the app's entry (src/main.tsx) as soon as the page's first module runs,
 * before the app's code (React, Chakra, supabase-js, the router: ~1 s of download and evaluation on a phone) has
 * loaded. The property list needs the properties and the rooms (its room counts); without this, both requests left
 * only once the app had rendered and the session was read, one round trip (and a CORS preflight) after the other.
 *
 * They use the session supabase-js stored (its access token, while it is still valid for a while); the list's first
 * read takes the answer if it is for the same user and successful, otherwise it reads through supabase-js as always.
 * Each early answer is used once: later reads (refetch on focus, after a change) always go through supabase-js.
 */
import { authStorageKey } from '@/lib/auth-storage-key';
import { env } from '@/lib/env';
import { propertyColumns, roomColumns } from './rows';

type EarlyTable = 'properties' | 'qr_codes';

const columns: Record<EarlyTable, string> = { properties: propertyColumns, qr_codes: roomColumns };
const started = new Map<EarlyTable, { userId: string; response: Promise<Response | null> }>();

/** A token that expires within this margin is left to supabase-js, which refreshes it first. */
const EXPIRY_MARGIN_MS = 60_000;

function storedSession(): { userId: string; accessToken: string } | null {
  try {
    const session = JSON.parse(localStorage.getItem(authStorageKey) ?? 'null') as {
      access_token?: unknown;
      expires_at?: unknown;
      user?: { id?: unknown };
    } | null;
    const { access_token: accessToken, expires_at: expiresAt } = session ?? {};
    const userId = session?.user?.id;
    if (typeof accessToken !== 'string' || typeof userId !== 'string' || typeof expiresAt !== 'number') return null;
    return expiresAt * 1000 > Date.now() + EXPIRY_MARGIN_MS ? { userId, accessToken } : null;
  } catch {
    return null; // storage blocked or unreadable: the app reads as usual
  }
}

/** Starts the property list's reads (as supabase-js sends them: same columns, filter and order) for the stored session. */
export function startEarlyReads(): void {
  const session = storedSession();
  if (!session) return;
  for (const table of Object.keys(columns) as EarlyTable[]) {
    const query = new URLSearchParams({ select: columns[table].replace(/\s/g, ''), user_id: `eq.${session.userId}`, order: 'created_at.asc' });
    const response = fetch(`${env.supabaseUrl}/rest/v1/${table}?${query}`, {
      headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${session.accessToken}`, Accept: 'application/json' },
    }).catch(() => null);
    started.set(table, { userId: session.userId, response });
  }
}

/** The rows the early read of `table` got for `userId` (once), or null: then the caller reads through supabase-js. */
export async function takeEarlyRead<Row>(table: EarlyTable, userId: string): Promise<Row[] | null> {
  const early = started.get(table);
  started.delete(table);
  if (!early || early.userId !== userId) return null;
  const response = await early.response;
  if (!response?.ok) return null;
  try {
    const rows: unknown = await response.json();
    return Array.isArray(rows) ? (rows as Row[]) : null;
  } catch {
    return null;
  }
}
