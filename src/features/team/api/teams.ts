import { supabase } from '@/lib/supabase';
import { ApiError, notFoundCode, throwIfError } from '@/lib/data/api-error';
import type { TeamMember } from '../types';

/** A team's members with their addresses, owners first (public.team_roster). */
export async function listMembers(teamId: string): Promise<TeamMember[]> {
  const { data, error } = await supabase.rpc('team_roster', { team_id: teamId });
  throwIfError(error);
  return (data ?? []).map((row) => ({ userId: row.user_id, email: row.email, role: row.role, propertyIds: row.property_ids }));
}

/** The team's properties (for limiting a membership to some of them). */
export async function listTeamProperties(teamId: string): Promise<{ id: string; name: string }[]> {
  const { data, error } = await supabase.from('properties').select('id, name').eq('team_id', teamId).order('created_at');
  throwIfError(error);
  return data ?? [];
}

/** Owner or admin: the team's name (null: called after its founder). */
export async function renameTeam(teamId: string, name: string | null): Promise<void> {
  const { data, error } = await supabase.from('teams').update({ name }).eq('id', teamId).select('id');
  throwIfError(error);
  if (!data || data.length === 0) throw new ApiError({ code: notFoundCode, message: 'Team not found' });
}

/** Owner: deletes the team with its properties and rooms (TEAMS `subscribed` while its subscription is ongoing). */
export async function deleteTeam(teamId: string): Promise<void> {
  const { error } = await supabase.rpc('delete_team', { team_id: teamId });
  throwIfError(error);
}
