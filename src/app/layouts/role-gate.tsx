/**
 * The screens that change a team's data (edit pages, bulk actions, translations, adding a property) open only for a
 * role that may change it; anyone else reaching them by address is told they lack access and offered the way back.
 * The database refuses the write anyway (row-level security); this spares a front-desk member a form that can only fail.
 */
import { Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useParams } from 'react-router-dom';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { useRole } from '@/lib/current-team';
import { paths } from '@/lib/paths';
import { may, type TeamAction } from '@/lib/team-access';

interface RoleGateProps {
  need: TeamAction;
  /** The route parameter naming the property whose team decides (none: the team the host works in). */
  propertyParam?: 'propertyId' | 'id';
}

export default function RoleGate({ need, propertyParam }: RoleGateProps) {
  const { t } = useTranslation('common');
  const params = useParams();
  const propertyId = propertyParam ? params[propertyParam] : undefined;
  const { loaded, role } = useRole(propertyId);
  if (!loaded) return <PageSpinner />;
  // A property the host cannot read at all: the screen itself says it was not found.
  if (propertyId !== undefined && role === null) return <Outlet />;
  if (may(role, need)) return <Outlet />;
  return (
    <Stack gap="4" align="flex-start" maxW="2xl">
      <StatusAlert status="warning" title={t('access.deniedTitle')}>
        {t('access.deniedText', { role: role ? t(`team.roles.${role}`) : '' })}
      </StatusAlert>
      <Button asChild minH="11" variant="outline">
        <RouterLink to={paths.dashboard}>{t('access.back')}</RouterLink>
      </Button>
    </Stack>
  );
}
