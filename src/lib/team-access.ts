/**
 * What each role in a team may do, as the screens offer it. The database decides every write by the same rules
 * (migrations teams and team_management: row-level security and the RPCs' role checks); this only hides what would be
 * refused, so a front-desk member is never shown an Edit button that fails.
 */
import type { Database } from '@/types/database';

/** A member's role in a team (public.team_role). */
export type TeamRole = Database['public']['Enums']['team_role'];

/** The roles in the order the Team page lists and offers them. */
export const teamRoles: readonly TeamRole[] = ['owner', 'admin', 'editor', 'front_desk'];

export type TeamAction =
  /** Rooms, the shared guide, a property's details, bulk actions, translations. */
  | 'editGuide'
  /** Adding and deleting properties. */
  | 'manageProperties'
  /** Inviting, changing roles, removing members. */
  | 'manageMembers'
  /** Checkout and the Billing Portal. */
  | 'billing'
  /** Deleting the team with everything in it. */
  | 'deleteTeam';

const allowedRoles: Record<TeamAction, readonly TeamRole[]> = {
  editGuide: ['owner', 'admin', 'editor'],
  manageProperties: ['owner', 'admin'],
  manageMembers: ['owner', 'admin'],
  billing: ['owner'],
  deleteTeam: ['owner'],
};

/** Whether `role` may do `action` (no role: not a member, may do nothing). */
export function may(role: TeamRole | null | undefined, action: TeamAction): boolean {
  return role != null && allowedRoles[action].includes(role);
}
