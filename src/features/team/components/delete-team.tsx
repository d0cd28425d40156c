/** The owner's way to delete the team and everything in it, after a confirmation; refused while it is subscribed. */
import { Button, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { confirm } from '@/components/confirm-dialog';
import { ContentCard } from '@/components/content-card';
import { toaster } from '@/components/toaster';
import { chooseTeam } from '@/lib/current-team';
import { paths } from '@/lib/paths';
import { teamErrorKey } from '../errors';
import { deleteTeamMutation } from '../queries';

export function DeleteTeam({ userId, teamId, teamName }: { userId: string; teamId: string; teamName: string }) {
  const { t } = useTranslation('team');
  const navigate = useNavigate();
  const deletion = useMutation(deleteTeamMutation);

  const remove = async () => {
    if (!(await confirm({ title: t('deleteTeam.title'), message: t('deleteTeam.confirm', { team: teamName }), confirmLabel: t('deleteTeam.button') }))) return;
    deletion.mutate(teamId, {
      onSuccess: () => {
        // Back to their own team (made afresh if this was it), not "removed from the team".
        chooseTeam(userId, null);
        toaster.create({ type: 'success', title: t('deleteTeam.deleted') });
        navigate(paths.dashboard);
      },
      onError: (error) => toaster.create({ type: 'error', title: t(teamErrorKey(error)) }),
    });
  };

  return (
    <ContentCard title={t('deleteTeam.title')}>
      <Text color="fg.muted">{t('deleteTeam.text')}</Text>
      <Button minH="11" alignSelf="flex-start" variant="outline" colorPalette="red" loading={deletion.isPending} onClick={() => void remove()}>
        {t('deleteTeam.button')}
      </Button>
    </ContentCard>
  );
}
