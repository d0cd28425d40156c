/**
 * The Team page's reads and writes. A membership change can change what the member reads (properties, rooms), so
 * writes to members invalidate those too.
 */
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '@/lib/data/query-keys';
import { getInvitationDetails, inviteMember, listPendingInvitations, revokeInvitation } from './api/invitations';
import { removeMember, setMemberRole, transferOwnership } from './api/members';
import { deleteTeam, listMembers, listTeamProperties, renameTeam } from './api/teams';
import { invitationState } from './errors';
import type { TeamRole } from './types';

export const membersQuery = (userId: string, teamId: string) =>
  queryOptions({ queryKey: queryKeys.teamMembers(userId, teamId), queryFn: () => listMembers(teamId), meta: { errorLog: 'Failed to load the team' } });

export const teamPropertiesQuery = (userId: string, teamId: string) =>
  queryOptions({ queryKey: queryKeys.teamProperties(userId, teamId), queryFn: () => listTeamProperties(teamId) });

export const invitationsQuery = (userId: string, teamId: string) =>
  queryOptions({
    queryKey: queryKeys.teamInvitations(userId, teamId),
    queryFn: () => listPendingInvitations(teamId),
    meta: { errorLog: 'Failed to load invitations' },
  });

/** What a link offers, or why it cannot be used: a refused link is an answer to show, not a fault to log. */
export const invitationLinkQuery = (token: string) =>
  queryOptions({
    queryKey: queryKeys.invitationLink(token),
    queryFn: () =>
      getInvitationDetails(token).then(
        (offer) => ({ offer, refused: null }),
        (error: unknown) => {
          const refused = invitationState(error);
          if (refused) return { offer: null, refused };
          throw error;
        },
      ),
    retry: false,
  });

export const inviteMutation = mutationOptions({
  mutationFn: ({ teamId, email, role, propertyIds }: { teamId: string; email: string; role: TeamRole; propertyIds: string[] | null }) =>
    inviteMember(teamId, email, role, propertyIds),
  meta: { writes: ['team_invitations'] },
});

export const revokeMutation = mutationOptions({
  mutationFn: (invitationId: string) => revokeInvitation(invitationId),
  meta: { writes: ['team_invitations'] },
});

const memberWrites = ['team_members', 'teams', 'properties', 'qr_codes'] as const;

export const setRoleMutation = mutationOptions({
  mutationFn: ({ teamId, userId, role, propertyIds }: { teamId: string; userId: string; role: TeamRole; propertyIds: string[] | null }) =>
    setMemberRole(teamId, userId, role, propertyIds),
  meta: { writes: memberWrites },
});

export const removeMutation = mutationOptions({
  mutationFn: ({ teamId, userId }: { teamId: string; userId: string }) => removeMember(teamId, userId),
  meta: { writes: memberWrites },
});

export const transferMutation = mutationOptions({
  mutationFn: ({ teamId, userId }: { teamId: string; userId: string }) => transferOwnership(teamId, userId),
  meta: { writes: memberWrites },
});

export const renameTeamMutation = mutationOptions({
  mutationFn: ({ teamId, name }: { teamId: string; name: string | null }) => renameTeam(teamId, name),
  meta: { writes: ['teams'] },
});

export const deleteTeamMutation = mutationOptions({
  mutationFn: (teamId: string) => deleteTeam(teamId),
  meta: { writes: memberWrites },
});
