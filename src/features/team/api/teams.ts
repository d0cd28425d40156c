import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import type { Team, TeamMember } from '../types';

/**
 * The teams the signed-in user belongs to, their own first. A team made at sign-up has no name: another founder's is
 * shown by its founder's address (from its roster; a user's own row is all they may read of users).
 */
export async function listTeams(userId: string): Promise<Team[]> {
  const { data, error } = await supabase.from('teams').select('id, name, account_user_id, created_at').order('created_at');
  throwIfError(error);
  const teams = await Promise.all(
    (data ?? []).map(async (row) => {
      const founder =
        row.name === null && row.account_user_id !== userId ? (await listMembers(row.id)).find((member) => member.userId === row.account_user_id) : undefined;
      return { id: row.id, name: row.name, accountUserId: row.account_user_id, founderEmail: founder?.email ?? null };
    }),
  );
  return [...teams.filter((team) => team.accountUserId === userId), ...teams.filter((team) => team.accountUserId !== userId)];
}

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
