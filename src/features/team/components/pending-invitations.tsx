import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import { toaster } from '@/components/toaster';
import { teamErrorKey } from '../errors';
import { invitationsQuery, revokeMutation } from '../queries';

/** Invitations not yet accepted, with when each expires; an owner or admin withdraws one, and its link then says so. */
export function PendingInvitations({ userId, teamId }: { userId: string; teamId: string }) {
  const { t, i18n } = useTranslation('team');
  const invitations = useQuery(invitationsQuery(userId, teamId));
  const revoke = useMutation(revokeMutation);
  if (!invitations.data || invitations.data.length === 0) return null;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  return (
    <ContentCard title={t('pending.title')}>
      <Stack as="ul" gap="0" listStyleType="none">
        {invitations.data.map((invitation) => (
          <Flex as="li" key={invitation.id} gap="3" py="3" borderBottomWidth="1px" align="center" wrap="wrap" data-testid="pending-invitation">
            <Stack gap="0" flex="1" minW="0">
              <Text fontWeight="medium" overflowWrap="anywhere">
                {invitation.email}
              </Text>
              <Text textStyle="sm" color="fg.muted">
                {t(`common:team.roles.${invitation.role}`)} · {t('pending.expires', { date: date.format(new Date(invitation.expiresAt)) })}
              </Text>
            </Stack>
            <Button
              size="sm"
              minH="10"
              variant="outline"
              loading={revoke.isPending && revoke.variables === invitation.id}
              aria-label={t('pending.revokeWho', { email: invitation.email })}
              onClick={() => revoke.mutate(invitation.id, { onError: (error) => toaster.create({ type: 'error', title: t(teamErrorKey(error)) }) })}
            >
              {t('pending.revoke')}
            </Button>
          </Flex>
        ))}
      </Stack>
    </ContentCard>
  );
}
