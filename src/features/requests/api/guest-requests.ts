/**
 * The staff's reads and writes of guest requests. Row-level security limits both to the properties the member
 * reaches (every role: front desk and up); the columns a member may change are the status, the assignee, the
 * internal note and the reply (migration guest_requests).
 */
import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import type { Tables } from '@/types/database';

/** How long a done request stays in the queue's Done list. */
export const DONE_SHOWN_DAYS = 7;

const requestColumns =
  'id, property_id, qr_code_id, type, note, preferred_time, language, status, assignee_id, internal_note, reply, created_at, done_at, qr_codes(name, room_number), properties!inner(name, team_id)' as const;

export type GuestRequestRow = Pick<
  Tables<'guest_requests'>,
  | 'id'
  | 'property_id'
  | 'qr_code_id'
  | 'type'
  | 'note'
  | 'preferred_time'
  | 'language'
  | 'status'
  | 'assignee_id'
  | 'internal_note'
  | 'reply'
  | 'created_at'
  | 'done_at'
> & {
  qr_codes: { name: string; room_number: string | null } | null;
  properties: { name: string; team_id: string };
};

/** The team's open requests and those done in the last DONE_SHOWN_DAYS days, newest first. */
export async function listGuestRequests(teamId: string, now = Date.now()): Promise<GuestRequestRow[]> {
  const since = new Date(now - DONE_SHOWN_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const { data, error } = await supabase
    .from('guest_requests')
    .select(requestColumns)
    .eq('properties.team_id', teamId)
    .or(`status.neq.done,done_at.gt.${since}`)
    .order('created_at', { ascending: false })
    .limit(1000);
  throwIfError(error);
  return (data ?? []) as unknown as GuestRequestRow[];
}

/** How many of the team's requests nobody has started (the navbar's count). */
export async function countNewRequests(teamId: string): Promise<number> {
  const { count, error } = await supabase
    .from('guest_requests')
    .select('id, properties!inner(team_id)', { count: 'exact', head: true })
    .eq('properties.team_id', teamId)
    .eq('status', 'received');
  throwIfError(error);
  return count ?? 0;
}

export type GuestRequestChange = Partial<Pick<Tables<'guest_requests'>, 'status' | 'assignee_id' | 'internal_note' | 'reply'>>;

export async function updateGuestRequest(id: string, change: GuestRequestChange): Promise<void> {
  const { data, error } = await supabase.from('guest_requests').update(change).eq('id', id).select('id');
  throwIfError(error);
  if (!data || data.length === 0) throw new Error('Request not found');
}

export interface Assignee {
  userId: string;
  email: string;
  /** The properties a limited membership reaches; null: all of the team's. */
  propertyIds: string[] | null;
}

/** The team's members, whom a request may be assigned to (team_roster: with their addresses). */
export async function listAssignees(teamId: string): Promise<Assignee[]> {
  const { data, error } = await supabase.rpc('team_roster', { team_id: teamId });
  throwIfError(error);
  return (data ?? []).map((row) => ({ userId: row.user_id, email: row.email ?? row.user_id, propertyIds: row.property_ids }));
}
