import type { TeamRole } from '@/lib/team-access';

export { teamRoles, type TeamRole } from '@/lib/team-access';

/** The roles an invitation may give (an owner is made by transferring ownership). */
export const invitableRoles: readonly TeamRole[] = ['admin', 'editor', 'front_desk'];

export interface TeamMember {
  userId: string;
  email: string;
  role: TeamRole;
  /** Null: every property of the team. */
  propertyIds: string[] | null;
}

export interface PendingInvitation {
  id: string;
  email: string;
  role: TeamRole;
  propertyIds: string[] | null;
  expiresAt: string;
}

/** What an invitation link offers (public.invitation_details). */
export interface InvitationDetails {
  email: string;
  role: TeamRole;
  teamName: string | null;
  invitedBy: string | null;
  expiresAt: string;
}
