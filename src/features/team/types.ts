import type { Database } from '@/types/database';

/** A member's role in a team (public.team_role). */
export type TeamRole = Database['public']['Enums']['team_role'];

/** The roles in the order the Team page lists and offers them. */
export const teamRoles: readonly TeamRole[] = ['owner', 'admin', 'editor', 'front_desk'];

/** The roles an invitation may give (an owner is made by transferring ownership). */
export const invitableRoles: readonly TeamRole[] = ['admin', 'editor', 'front_desk'];

export interface Team {
  id: string;
  /** Null for a team made at sign-up: the page names it after its founder. */
  name: string | null;
  accountUserId: string;
  /** The founder's address, for naming another founder's unnamed team (null for one's own, or when unknown). */
  founderEmail: string | null;
}

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
