import { supabase } from '@/lib/supabase';
import { readFunctionError, throwIfError } from '@/lib/data/api-error';
import type { InvitationDetails, PendingInvitation, TeamRole } from '../types';

/** The team's invitations nobody has accepted, revoked or let expire (owners and admins read them). */
export async function listPendingInvitations(teamId: string): Promise<PendingInvitation[]> {
  const { data, error } = await supabase
    .from('team_invitations')
    .select('id, email, role, property_ids, expires_at')
    .eq('team_id', teamId)
    .is('accepted_at', null)
    .is('revoked_at', null)
    .gt('expires_at', new Date().toISOString())
    .order('created_at');
  throwIfError(error);
  return (data ?? []).map((row) => ({ id: row.id, email: row.email, role: row.role, propertyIds: row.property_ids, expiresAt: row.expires_at }));
}

/** Invites an address; answers the one-time token for the link (shown once). */
export async function inviteMember(teamId: string, email: string, role: TeamRole, propertyIds: string[] | null): Promise<{ id: string; token: string }> {
  const { data, error } = await supabase.rpc('invite_member', { team_id: teamId, email, role, property_ids: propertyIds ?? undefined });
  throwIfError(error);
  const invitation = data as { id: string; token: string };
  return { id: invitation.id, token: invitation.token };
}

/**
 * Emails the invitation to its address (the send-team-invitation Edge Function), in `language`. False when it could not
 * be sent (no mail set up, the mail service down): the Team page then asks the host to send the link themselves.
 */
export async function emailInvitation(token: string, language: string): Promise<boolean> {
  const functions = await supabase.functions();
  const { error } = await functions.invoke('send-team-invitation', { body: { token, language } });
  if (!error) return true;
  console.error('The invitation email could not be sent', await readFunctionError(error));
  return false;
}

export async function revokeInvitation(invitationId: string): Promise<void> {
  const { error } = await supabase.rpc('revoke_invitation', { invitation_id: invitationId });
  throwIfError(error);
}

/** What a link offers, before signing in. */
export async function getInvitationDetails(token: string): Promise<InvitationDetails> {
  const { data, error } = await supabase.rpc('invitation_details', { token });
  throwIfError(error);
  const details = data as { email: string; role: TeamRole; team_name: string | null; invited_by: string | null; expires_at: string };
  return { email: details.email, role: details.role, teamName: details.team_name, invitedBy: details.invited_by, expiresAt: details.expires_at };
}

/** Joins the team the link invites to; answers its id. */
export async function acceptInvitation(token: string): Promise<string> {
  const { data, error } = await supabase.rpc('accept_invitation', { token });
  throwIfError(error);
  return data as string;
}
