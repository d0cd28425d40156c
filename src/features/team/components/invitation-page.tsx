/**
 * The page an invitation link opens (`/invite/:token`): what it offers, before anyone signs in; then Accept for the
 * invited account, a way to switch accounts for another one, and for a link that cannot be used, why (used,
 * expired, withdrawn, not valid).
 */
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import { queryClient } from '@/lib/data/query-client';
import { href, paths } from '@/lib/paths';
import { useAuth } from '@/lib/session';
import { acceptInvitation } from '../api/invitations';
import { invitationState, teamErrorKey } from '../errors';
import { invitationLinkQuery } from '../queries';

/** `signOut`: the app's sign-out (the auth feature's), for switching to the invited account. */
export default function InvitationPage({ signOut }: { signOut: () => Promise<void> }) {
  const { t } = useTranslation('team');
  const { token = '' } = useParams();
  const { user, initialized } = useAuth();
  const navigate = useNavigate();
  const details = useQuery(invitationLinkQuery(token));
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async (teamId) => {
      await queryClient.invalidateQueries();
      toaster.create({ type: 'success', title: t('invitation.joined') });
      navigate(href.team(teamId));
    },
  });
  const here = href.invitation(token);

  if (details.isPending || !initialized) return <PageSpinner />;
  const refused = details.data?.refused ?? (accept.isError ? invitationState(accept.error) : null);
  if (details.isError || !details.data.offer || (refused && refused !== 'wrong_account')) {
    return (
      <Box maxW="xl" mx="auto">
        <PageHeader title={t('invitation.title')} />
        <Stack gap="4" align="flex-start">
          <StatusAlert status="error">{t(`invitation.states.${refused ?? 'failed'}`)}</StatusAlert>
          <Button asChild variant="outline" minH="11">
            <RouterLink to={user ? paths.dashboard : paths.home}>{t(user ? 'invitation.toDashboard' : 'invitation.toHome')}</RouterLink>
          </Button>
        </Stack>
      </Box>
    );
  }
  const invitation = details.data.offer;
  const role = t(`common:team.roles.${invitation.role}`);
  const team = invitation.teamName ?? t('invitation.aTeam');
  const wrongAccount = user !== null && user.email?.toLowerCase() !== invitation.email;
  return (
    <Box maxW="xl" mx="auto">
      <PageHeader title={t('invitation.title')} />
      <ContentCard title={t('invitation.offer', { team, role })}>
        <Stack gap="4">
          <Text>{t('invitation.from', { inviter: invitation.invitedBy ?? '—', email: invitation.email })}</Text>
          <Text textStyle="sm" color="fg.muted">
            {t(`roleHelp.${invitation.role}`)}
          </Text>
          {!user && (
            <Stack gap="3" direction={{ base: 'column', sm: 'row' }}>
              <Button asChild minH="11">
                <RouterLink to={paths.login} state={{ from: here }}>
                  {t('invitation.signIn')}
                </RouterLink>
              </Button>
              <Button asChild minH="11" variant="outline">
                <RouterLink to={paths.register} state={{ from: here }}>
                  {t('invitation.register')}
                </RouterLink>
              </Button>
            </Stack>
          )}
          {user && wrongAccount && (
            <Stack gap="3" align="flex-start">
              <StatusAlert status="warning">{t('invitation.wrongAccount', { invited: invitation.email, current: user.email ?? '' })}</StatusAlert>
              <Button
                minH="11"
                variant="outline"
                onClick={() =>
                  void signOut()
                    .catch(() => undefined)
                    .then(() => navigate(paths.login, { state: { from: here } }))
                }
              >
                {t('invitation.switchAccount')}
              </Button>
            </Stack>
          )}
          {user && !wrongAccount && (
            <Stack gap="3" align="flex-start">
              {accept.isError && <StatusAlert status="error">{t(teamErrorKey(accept.error))}</StatusAlert>}
              <Button minH="11" loading={accept.isPending} onClick={() => accept.mutate()}>
                {t('invitation.accept')}
              </Button>
            </Stack>
          )}
        </Stack>
      </ContentCard>
    </Box>
  );
}
