import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toaster } from '@/components/toaster';
import { chooseTeam, useCurrentTeam, useTeamLabel } from '@/lib/current-team';
import { useUserId } from '@/lib/data/queries';
import { paths } from '@/lib/paths';

/**
 * A host removed from the team they work in (while its screens were open) learns it at their next action: the refused
 * write makes the app read the teams again (src/lib/data/query-client.ts), and this says so and takes them to the
 * property list of a team they still belong to.
 */
export function useLostTeamNotice(): void {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const userId = useUserId();
  const { lostTeam, team } = useCurrentTeam();
  const teamLabel = useTeamLabel();
  useEffect(() => {
    if (!lostTeam || !team) return;
    chooseTeam(userId, team.id);
    toaster.create({ id: 'lost-team', type: 'warning', title: t('access.removed', { team: teamLabel(team) }) });
    navigate(paths.dashboard);
  }, [lostTeam, team, userId, t, teamLabel, navigate]);
}
