/**
 * Whose billing a checkout or portal call acts on: a team's (issue 27), which only its owners manage. The team's room
 * quota, Stripe customer and subscription sit on its account holder's rows (teams.account_user_id), so an owner who
 * did not found the team pays on the team's account, not on a customer of their own.
 */
import { HttpError } from './errors.ts';
import type { AdminClient } from './supabase.ts';

export interface BillingAccount {
  teamId: string;
  /** The account holder: whose users row, Stripe customer and subscription are the team's. */
  userId: string;
  email: string | null;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The team `teamId` names (the caller's own team when absent), if the caller is one of its owners; 403 not_owner otherwise. */
export async function billingAccountFor(admin: AdminClient, callerId: string, teamId: unknown): Promise<BillingAccount> {
  if (teamId !== undefined && (typeof teamId !== 'string' || !uuid.test(teamId))) {
    throw new HttpError(400, 'invalid_team', 'teamId must be the id of one of your teams.');
  }
  const teams = admin.from('teams').select('id, account_user_id');
  const { data: team, error } = await (
    typeof teamId === 'string' ? teams.eq('id', teamId) : teams.eq('account_user_id', callerId).order('created_at').limit(1)
  ).maybeSingle();
  if (error) throw new Error(`Reading teams failed: ${error.message}`);
  const { data: membership, error: membershipError } = team
    ? await admin.from('team_members').select('role').eq('team_id', team.id).eq('user_id', callerId).maybeSingle()
    : { data: null, error: null };
  if (membershipError) throw new Error(`Reading team_members failed: ${membershipError.message}`);
  if (!team || membership?.role !== 'owner') throw new HttpError(403, 'not_owner', "Only the team's owners manage its subscription.");
  const { data: account, error: accountError } = await admin.from('users').select('email').eq('id', team.account_user_id).maybeSingle();
  if (accountError) throw new Error(`Reading users failed: ${accountError.message}`);
  return { teamId: team.id, userId: team.account_user_id, email: account?.email ?? null };
}
