/**
 * The Team page: who is in the team, with which role and for which properties; owners and admins invite, change
 * roles and remove, an owner hands over ownership, anyone leaves. Every rule is the database's (team_management
 * migration); this page offers only what the caller's role may do and says in the host's language why anything
 * was refused.
 */
import { Box, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { confirm } from '@/components/confirm-dialog';
import { ContentCard } from '@/components/content-card';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import { useAuth } from '@/lib/session';
import { paths, teamParam } from '@/lib/paths';
import { teamErrorKey } from '../errors';
import { membersQuery, removeMutation, setRoleMutation, teamPropertiesQuery, teamsQuery, transferMutation } from '../queries';
import type { Team, TeamMember, TeamRole } from '../types';
import { InviteForm } from './invite-form';
import { MemberRow } from './member-row';
import { PendingInvitations } from './pending-invitations';

export default function TeamPage() {
  const { t } = useTranslation('team');
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const teams = useQuery({ ...teamsQuery(userId), enabled: userId !== '' });
  // `?team=<id>`: the team to show first (the one just joined); the user's own team otherwise.
  const [search] = useSearchParams();
  const [chosenTeam, setChosenTeam] = useState<string | null>(search.get(teamParam));
  if (teams.isPending) return <PageSpinner />;
  if (teams.isError || teams.data.length === 0) return <StatusAlert title={t('errors.loadFailed')} />;
  const team = teams.data.find((candidate) => candidate.id === chosenTeam) ?? teams.data[0];
  const nameOf = (candidate: Team) => {
    if (candidate.name) return candidate.name;
    if (candidate.accountUserId === userId) return t('ownTeam');
    return candidate.founderEmail ? t('teamOf', { email: candidate.founderEmail }) : t('title');
  };
  return (
    <Box>
      <PageHeader title={t('title')} description={nameOf(team)} />
      <Stack gap="5">
        {teams.data.length > 1 && (
          <NativeSelect.Root size="lg" maxW="sm">
            <NativeSelect.Field aria-label={t('chooseTeam')} value={team.id} onChange={(e) => setChosenTeam(e.target.value)}>
              {teams.data.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {nameOf(candidate)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        <TeamMembers key={team.id} userId={userId} teamId={team.id} />
      </Stack>
    </Box>
  );
}

function TeamMembers({ userId, teamId }: { userId: string; teamId: string }) {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
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
          if (leaving) navigate(paths.dashboard);
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
