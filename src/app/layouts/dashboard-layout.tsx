import { Box, Breadcrumb, Container, Text } from '@chakra-ui/react';
import { Fragment, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { LiveUpdatesNote } from '@/components/live-updates-note';
import { PageSpinner } from '@/components/page-spinner';
import { useLiveUpdates } from '@/lib/data/live-updates';
import { useAuth } from '@/lib/session';
import { breadcrumbsFor } from '../breadcrumbs';
import { useLostTeamNotice } from './use-lost-team-notice';

/**
 * The `/dashboard/*` shell: the welcome line with the user's email, the breadcrumb from the route, and the live
 * updates every host screen gets (src/lib/data/live-updates.ts) with a note while they are paused.
 */
export function DashboardLayout() {
  const { t } = useTranslation('common');
  const { user } = useAuth();
  const { pathname } = useLocation();
  const crumbs = breadcrumbsFor(pathname);
  useLostTeamNotice();
  const live = useLiveUpdates(user?.id ?? '');
  return (
    <Container maxW="6xl" px={{ base: '4', md: '8' }} py={{ base: '5', md: '8' }}>
      <Box mb={{ base: '5', md: '6' }}>
        <Text color="fg.muted" textStyle="sm" mb="2" overflowWrap="anywhere" data-testid="welcome-line">
          {t('dashboard.welcome', { email: user?.email ?? '' })}
        </Text>
        <Breadcrumb.Root size="md">
          <Breadcrumb.List flexWrap="wrap">
            {crumbs.map((crumb, index) => {
              const last = index === crumbs.length - 1;
              return (
                <Fragment key={`${crumb.labelKey}-${index}`}>
                  <Breadcrumb.Item>
                    {last ? (
                      <Breadcrumb.CurrentLink fontWeight="medium">{t(crumb.labelKey)}</Breadcrumb.CurrentLink>
                    ) : (
                      <Breadcrumb.Link asChild color="fg.muted">
                        <RouterLink to={crumb.to}>{t(crumb.labelKey)}</RouterLink>
                      </Breadcrumb.Link>
                    )}
                  </Breadcrumb.Item>
                  {!last && <Breadcrumb.Separator />}
                </Fragment>
              );
            })}
          </Breadcrumb.List>
        </Breadcrumb.Root>
      </Box>
      <LiveUpdatesNote state={live} />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </Container>
  );
}

export default DashboardLayout;
