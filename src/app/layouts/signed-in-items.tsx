/**
 * The navbar's items for a signed-in host: the team switcher (for a host in several teams), the plan button (for the
 * team's owners), the email and Sign Out. Its own chunk, loaded only once someone is signed in, so a visitor's page
 * loads neither supabase-js nor the profile query.
 */
import { Badge, Button, NativeSelect, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import type { User } from '@supabase/supabase-js';
import { signOut } from '@/features/auth/api/sign-out';
import { toaster } from '@/components/toaster';
import { chooseTeam, useCurrentTeam, useProfile, useTeamLabel } from '@/lib/current-team';
import { may } from '@/lib/team-access';
import { paths } from '@/lib/paths';
import { planLabelKey } from '../plan-label';
import { newRequestCountQuery } from '@/features/requests/queries';
import { useRefreshWhileNotLive } from '@/lib/data/live-updates';

interface SignedInItemsProps {
  user: User;
  withEmail: boolean;
  /** Closes the mobile menu. */
  onNavigate: () => void;
}

export default function SignedInItems({ user, withEmail, onNavigate }: SignedInItemsProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const current = useCurrentTeam();
  const teamLabel = useTeamLabel();
  const { profile, loaded: profileLoaded } = useProfile();
  const planLabel = profileLoaded ? planLabelKey(profile?.plan ?? null) : null;
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch {
      // supabase-js has cleared the local session even if the server call failed
      toaster.create({ type: 'warning', title: t('nav.signOutOffline') });
    } finally {
      setSigningOut(false);
      onNavigate();
      navigate(paths.login);
    }
  };

  const switchTeam = (teamId: string) => {
    chooseTeam(user.id, teamId);
    onNavigate();
    // The screen open may be of the other team's property: the new team starts from its property list.
    navigate(paths.dashboard);
  };

  return (
    <>
      {current.teams.length > 1 && current.team && (
        <NativeSelect.Root size="md" width="auto" maxW={{ lg: '14rem' }}>
          <NativeSelect.Field aria-label={t('team.switchLabel')} minH="11" value={current.team.id} onChange={(event) => switchTeam(event.target.value)}>
            {current.teams.map((team) => (
              <option key={team.id} value={team.id}>
                {teamLabel(team)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      {current.team && <RequestsLink userId={user.id} teamId={current.team.id} onNavigate={onNavigate} />}
      {(!current.loaded || may(current.team?.role, 'billing')) && (
        <Button asChild size="md" minH="11" variant={planLabel && planLabel !== 'nav.plan.subscribe' ? 'subtle' : 'solid'} data-testid="plan-button">
          <RouterLink to={paths.subscription} onClick={onNavigate}>
            {t(planLabel ?? 'nav.plan.label')}
          </RouterLink>
        </Button>
      )}
      {withEmail && (
        <Text as="span" color="fg.muted" textStyle="sm" maxW={{ lg: '14rem' }} truncate title={user.email ?? undefined} data-testid="navbar-email">
          {user.email}
        </Text>
      )}
      <Button size="md" minH="11" variant="outline" onClick={handleSignOut} loading={signingOut}>
        {t('nav.signOut')}
      </Button>
    </>
  );
}

/** The staff queue, with how many requests nobody has started yet (live: Realtime marks the count stale). */
function RequestsLink({ userId, teamId, onNavigate }: { userId: string; teamId: string; onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const refetchInterval = useRefreshWhileNotLive();
  const { data: count = 0 } = useQuery({ ...newRequestCountQuery(userId, teamId), refetchInterval });
  return (
    <Button asChild size="md" minH="11" variant="ghost">
      <RouterLink to={paths.requests} onClick={onNavigate} aria-label={count > 0 ? t('nav.requestsWithCount', { count }) : t('nav.requests')}>
        {t('nav.requests')}
        {count > 0 && (
          <Badge colorPalette="red" variant="solid" borderRadius="full" data-testid="new-requests-count">
            {count}
          </Badge>
        )}
      </RouterLink>
    </Button>
  );
}
