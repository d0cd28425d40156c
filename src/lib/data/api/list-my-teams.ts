import { supabase } from '@/lib/supabase';
import { throwIfError } from '../api-error';
import { takeEarlyRead } from '../../../first-paint/dashboard/early-reads';
import type { Database } from '@/types/database';
import type { TeamRole } from '../../team-access';

/** A team the signed-in user belongs to, with their role in it. */
export interface MyTeam {
  id: string;
  /** Null for a team made at sign-up: it is called after its founder. */
  name: string | null;
  /** Whose room quota and subscription the team uses. */
  accountUserId: string;
  founderEmail: string | null;
  role: TeamRole;
  /** Null: every property of the team. */
  propertyIds: string[] | null;
}

type MyTeamRow = Database['public']['Functions']['my_teams']['Returns'][number];

/** The user's teams, their own first (public.my_teams: one read). */
export async function listMyTeams(userId: string): Promise<MyTeam[]> {
  const early = await takeEarlyRead<MyTeamRow>('my_teams', userId); // started by src/main.tsx on the dashboard and a room list
  return (early ?? (await readMyTeams())).map(toMyTeam);
}

async function readMyTeams(): Promise<MyTeamRow[]> {
  const { data, error } = await supabase.rpc('my_teams');
  throwIfError(error);
  return data ?? [];
}

function toMyTeam(row: MyTeamRow): MyTeam {
  return {
    id: row.id,
    name: row.name,
    accountUserId: row.account_user_id,
    founderEmail: row.founder_email,
    role: row.role,
    propertyIds: row.property_ids,
  };
}
