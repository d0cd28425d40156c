import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import type { TeamRole } from '../types';

/** Owner or admin: a member's role, and for an editor or front desk the properties (null = all). */
export async function setMemberRole(teamId: string, userId: string, role: TeamRole, propertyIds: string[] | null): Promise<void> {
  const { error } = await supabase.rpc('set_member_role', { team_id: teamId, user_id: userId, role, property_ids: propertyIds ?? undefined });
  throwIfError(error);
}

/** Removes a member; a member removes themselves to leave. */
export async function removeMember(teamId: string, userId: string): Promise<void> {
  const { error } = await supabase.rpc('remove_member', { team_id: teamId, user_id: userId });
  throwIfError(error);
}

/** Owner: makes another member owner; the caller becomes an admin. */
export async function transferOwnership(teamId: string, userId: string): Promise<void> {
  const { error } = await supabase.rpc('transfer_ownership', { team_id: teamId, user_id: userId });
  throwIfError(error);
}
