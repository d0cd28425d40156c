/**
 * Notices to guests (migration guest_requests): every member of a property's team reads and writes them; the
 * guide shows each between its start and end (get_guide carries them).
 */
import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import type { Tables } from '@/types/database';

export type NoticeRow = Pick<Tables<'guest_notices'>, 'id' | 'property_id' | 'room_ids' | 'text' | 'translations' | 'starts_at' | 'ends_at'>;

export interface NewNotice {
  propertyId: string;
  /** null: every room of the property. */
  roomIds: string[] | null;
  text: string;
  translations: Record<string, string>;
  startsAt: string;
  endsAt: string;
}

/** The team's notices that have not ended, soonest first. */
export async function listNotices(teamId: string, now = new Date()): Promise<NoticeRow[]> {
  const { data, error } = await supabase
    .from('guest_notices')
    .select('id, property_id, room_ids, text, translations, starts_at, ends_at, properties!inner(team_id)')
    .eq('properties.team_id', teamId)
    .gt('ends_at', now.toISOString())
    .order('starts_at');
  throwIfError(error);
  return (data ?? []).map(({ properties: _team, ...notice }) => notice);
}

export async function createNotice(notice: NewNotice): Promise<void> {
  const { error } = await supabase.from('guest_notices').insert({
    property_id: notice.propertyId,
    room_ids: notice.roomIds,
    text: notice.text,
    translations: notice.translations,
    starts_at: notice.startsAt,
    ends_at: notice.endsAt,
  });
  throwIfError(error);
}

export async function deleteNotice(id: string): Promise<void> {
  const { error } = await supabase.from('guest_notices').delete().eq('id', id);
  throwIfError(error);
}
