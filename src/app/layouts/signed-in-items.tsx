/**
 * The navbar's items for a signed-in host: the team switcher (for a host in several teams), the plan button (for the
 * team's owners), the email and Sign Out; and the host's own menu. Its own chunk, loaded only once someone is signed
 * in, so a visitor's page loads neither supabase-js nor the profile query.
 */
import { Badge, Button, Flex, Link, NativeSelect, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import type { User } from '@supabase/auth-js';
import { signOut } from '@/features/auth/api/sign-out';
import { toaster } from '@/components/toaster';
import { chooseTeam, useCurrentTeam, useProfile, useTeamLabel } from '@/lib/current-team';
import { may } from '@/lib/team-access';
import { paths } from '@/lib/paths';
import { planLabelKey } from '../plan-label';
import { navLinkStyle } from './nav-link-style';
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

/** Whether `pathname` is the screen of `to` or one under it; the property list also owns every property's screens. */
function isCurrent(pathname: string, to: string): boolean {
  if (to === paths.dashboard) return pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/properties`);
  return pathname === to || pathname.startsWith(`${to}/`);
}

export interface HostMenuProps {
  user: User;
  /** Drawn in the phone menu (a column) rather than as the row under the navbar. */
  inMenu: boolean;
  onNavigate: () => void;
}

/**
 * A host's own menu: the team's properties, the guests' requests (with how many nobody has started yet), scan
 * analytics, the team and, for its owners, the subscription. A row under the navbar from tablets up; the first
 * part of the phone menu (`inMenu`).
 */
export function HostMenu({ user, inMenu, onNavigate }: HostMenuProps) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const current = useCurrentTeam();
  const refetchInterval = useRefreshWhileNotLive();
  const teamId = current.team?.id ?? '';
  const { data: newRequests = 0 } = useQuery({ ...newRequestCountQuery(user.id, teamId), enabled: teamId !== '', refetchInterval });
  const links = [
    { to: paths.dashboard, label: t('breadcrumb.properties') },
    {
      to: paths.requests,
      label: t('nav.requests'),
      ariaLabel: newRequests > 0 ? t('nav.requestsWithCount', { count: newRequests }) : undefined,
      badge: newRequests > 0 ? newRequests : null,
    },
    { to: paths.analytics, label: t('breadcrumb.analytics') },
    { to: paths.team, label: t('breadcrumb.team') },
    ...(!current.loaded || may(current.team?.role, 'billing') ? [{ to: paths.subscription, label: t('breadcrumb.subscription') }] : []),
  ];
  return (
    <Flex
      as="nav"
      aria-label={t('nav.hostMenu')}
      direction={inMenu ? 'column' : 'row'}
      gap={inMenu ? '0' : '1'}
      overflowX={inMenu ? undefined : 'auto'}
      css={inMenu ? { '& > a': { width: '100%' } } : undefined}
    >
      {links.map((link) => (
        <Link key={link.to} asChild {...navLinkStyle} gap="2" flexShrink={0}>
          <RouterLink to={link.to} onClick={onNavigate} aria-label={link.ariaLabel} aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}>
            {link.label}
            {link.badge != null && (
              <Badge colorPalette="red" variant="solid" borderRadius="full" data-testid="new-requests-count">
                {link.badge}
              </Badge>
            )}
          </RouterLink>
        </Link>
      ))}
    </Flex>
  );
}
