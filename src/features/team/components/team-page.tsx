/**
 * The Team page: who is in the team, with which role and for which properties; owners and admins invite, change
 * roles and remove, an owner hands over ownership, anyone leaves. Every rule is the database's (team_management
 * migration); this page offers only what the caller's role may do and says in the host's language why anything
 * was refused.
 */
import { Box, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { confirm } from '@/components/confirm-dialog';
import { ContentCard } from '@/components/content-card';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import { chooseTeam, useCurrentTeam, useTeamLabel } from '@/lib/current-team';
import { useUserId } from '@/lib/data/queries';
import { paths, teamParam } from '@/lib/paths';
import { teamErrorKey } from '../errors';
import { membersQuery, removeMutation, setRoleMutation, teamPropertiesQuery, transferMutation } from '../queries';
import type { TeamMember, TeamRole } from '../types';
import { InviteForm } from './invite-form';
import { TeamNameForm } from './team-name-form';
import { DeleteTeam } from './delete-team';
import { may } from '@/lib/team-access';
import { MemberRow } from './member-row';
import { PendingInvitations } from './pending-invitations';

export default function TeamPage() {
  const { t } = useTranslation('team');
  const teamLabel = useTeamLabel();
  const userId = useUserId();
  const { team, teams, loaded } = useCurrentTeam();
  // `?team=<id>` (the team just joined): it becomes the team the host works in.
  const [search] = useSearchParams();
  const asked = search.get(teamParam);
  useEffect(() => {
    if (asked && teams.some((candidate) => candidate.id === asked)) chooseTeam(userId, asked);
  }, [asked, teams, userId]);
  if (!loaded) return <PageSpinner />;
  if (!team) return <StatusAlert title={t('errors.loadFailed')} />;
  return (
    <Box>
      <PageHeader title={t('title')} description={teamLabel(team)} />
      <Stack gap="5">
        <TeamMembers key={team.id} userId={userId} teamId={team.id} />
        {may(team.role, 'manageMembers') && (
          <TeamNameForm key={`name-${team.id}`} teamId={team.id} name={team.name} placeholder={teamLabel({ ...team, name: null })} />
        )}
        {may(team.role, 'deleteTeam') && <DeleteTeam userId={userId} teamId={team.id} teamName={teamLabel(team)} />}
      </Stack>
    </Box>
  );
}

function TeamMembers({ userId, teamId }: { userId: string; teamId: string }) {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const { teams } = useCurrentTeam();
  const members = useQuery(membersQuery(userId, teamId));
  const properties = useQuery(teamPropertiesQuery(userId, teamId));
  const setRole = useMutation(setRoleMutation);
  const remove = useMutation(removeMutation);
  const transfer = useMutation(transferMutation);
  const busy = setRole.isPending || remove.isPending || transfer.isPending;
  if (members.isPending) return <PageSpinner minHeight="20vh" />;
  if (members.isError) return <StatusAlert title={t('errors.loadFailed')} />;
  const self = members.data.find((member) => member.userId === userId);
  if (!self) return <StatusAlert title={t('errors.notMember')} />;
  const manages = self.role === 'owner' || self.role === 'admin';
  const owners = members.data.filter((member) => member.role === 'owner').length;
  const names = new Map((properties.data ?? []).map((property) => [property.id, property.name]));
  const failed = (error: unknown) => toaster.create({ type: 'error', title: t(teamErrorKey(error)) });

  const changeRole = (member: TeamMember, role: TeamRole) =>
    setRole.mutate({ teamId, userId: member.userId, role, propertyIds: role === 'owner' || role === 'admin' ? null : member.propertyIds }, { onError: failed });
  const removeOrLeave = async (member: TeamMember) => {
    const leaving = member.userId === userId;
    const agreed = await confirm({
      message: leaving ? t('members.leaveConfirm') : t('members.removeConfirm', { email: member.email }),
      confirmLabel: leaving ? t('members.leave') : t('members.remove'),
    });
    if (!agreed) return;
    remove.mutate(
      { teamId, userId: member.userId },
      {
        onError: failed,
        onSuccess: () => {
          toaster.create({ type: 'success', title: leaving ? t('members.left') : t('members.removed', { email: member.email }) });
          if (!leaving) return;
          // Chosen before the teams are read again: leaving is not being removed (src/lib/current-team.ts).
          const next = teams.find((candidate) => candidate.id !== teamId);
          if (next) chooseTeam(userId, next.id);
          navigate(paths.dashboard);
        },
      },
    );
  };
  const makeOwner = async (member: TeamMember) => {
    const agreed = await confirm({ message: t('members.makeOwnerConfirm', { email: member.email }), confirmLabel: t('members.makeOwner'), destructive: false });
    if (agreed) transfer.mutate({ teamId, userId: member.userId }, { onError: failed });
  };

  return (
    <>
      <ContentCard title={t('members.title', { count: members.data.length })}>
        <Stack as="ul" gap="0" listStyleType="none">
          {members.data.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              isSelf={member.userId === userId}
              lastOwner={member.role === 'owner' && owners === 1}
              callerRole={self.role}
              propertyNames={(member.propertyIds ?? []).map((id) => names.get(id) ?? '…')}
              busy={busy}
              onRole={(role) => changeRole(member, role)}
              onRemove={() => void removeOrLeave(member)}
              onMakeOwner={() => void makeOwner(member)}
            />
          ))}
        </Stack>
        {!manages && (
          <Text textStyle="sm" color="fg.muted">
            {t('members.askOwner')}
          </Text>
        )}
      </ContentCard>
      {manages && <InviteForm teamId={teamId} properties={properties.data ?? []} />}
      {manages && <PendingInvitations userId={userId} teamId={teamId} />}
    </>
  );
}
