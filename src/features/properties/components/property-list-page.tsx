import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { confirm } from '@/components/confirm-dialog';
import { ContentCard } from '@/components/content-card';
import { PageHeader } from '@/components/page-header';
import { PopoverMenu, PopoverMenuAction, PopoverMenuLink, PopoverMenuSeparator } from '@/components/popover-menu';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import { href, paths } from '@/lib/paths';
import { propertiesQuery, roomsQuery, useUserId } from '@/lib/data/queries';
import { useCurrentTeam, useTeamLabel } from '@/lib/current-team';
import { may, type TeamRole } from '@/lib/team-access';
import type { PropertyRow } from '@/lib/data/rows';
import { releaseDashboardCopy } from '@/first-paint/dashboard/copy';
import { keepDashboard } from '@/first-paint/dashboard/kept-data';
import { keptProperties, roomCountsOf } from '@/first-paint/dashboard/painter';
import { teamProperties } from '@/first-paint/stored-team';
import { deletePropertyMutation } from '../queries';
import { displayPropertyType } from '../types';
import { LIST_LIVE_MARK } from '@/first-paint/contract';

function MoreIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden>
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

interface PropertyCardProps {
  property: PropertyRow;
  roomCount: number;
  role: TeamRole;
  deleting: boolean;
  onDelete: () => void;
}

/** The id of a property's card menu: the same in the build's template and the live list, which the painter renames. */
function cardMenuId(propertyId: string): string {
  return `card-menu-${propertyId}`;
}

/**
 * A property's card: its main action (its rooms, where everything of the property is gathered) and the rest in one
 * menu, Delete last and apart, so no everyday tap lands on it. The menu opens before the app is live on the painted
 * list (PopoverMenu).
 */
function PropertyCard({ property, roomCount, role, deleting, onDelete }: PropertyCardProps) {
  const { t } = useTranslation('properties');
  const type = displayPropertyType(property.type);
  const edits = may(role, 'editGuide');
  const links = [
    ...(edits
      ? [
          { value: 'create', to: href.newRoom(property.id), label: t(property.type === 'other' ? 'card.createRoomQr' : 'card.createHotelQr') },
          { value: 'bulk', to: href.bulkRooms(property.id), label: t('card.addManyRooms') },
          { value: 'edit', to: href.editProperty(property.id), label: t('card.edit') },
          { value: 'guide', to: href.propertyGuide(property.id), label: t('card.propertyGuide') },
          { value: 'translations', to: href.propertyTranslations(property.id), label: t('card.translations') },
        ]
      : []),
    { value: 'scans', to: href.analytics(property.id), label: t('card.scans') },
  ];
  return (
    <ContentCard
      data-testid="property-card"
      footer={
        <>
          <Button asChild minH="11" flex="1 1 auto">
            <RouterLink to={href.rooms(property.id)}>{t('card.viewQrCodes')}</RouterLink>
          </Button>
          <PopoverMenu id={cardMenuId(property.id)} label={t('card.more')} icon={<MoreIcon />} loading={deleting}>
            {links.map((link) => (
              <PopoverMenuLink key={link.value} to={link.to}>
                {link.label}
              </PopoverMenuLink>
            ))}
            {may(role, 'manageProperties') && (
              <>
                <PopoverMenuSeparator />
                <PopoverMenuAction value="delete" danger onSelect={onDelete}>
                  {t('card.delete')}
                </PopoverMenuAction>
              </>
            )}
          </PopoverMenu>
        </>
      }
    >
      <Stack gap="2">
        <Flex gap="3" align="flex-start" justify="space-between">
          <Heading as="h2" size="lg" fontWeight="semibold" overflowWrap="anywhere">
            {property.name}
          </Heading>
          <Badge colorPalette={type === 'hotel' ? 'teal' : 'gray'} size="md" flexShrink={0}>
            {t(`types.${type}`)}
          </Badge>
        </Flex>
        {property.address && property.address.trim() !== '' && (
          <Text color="fg.muted" overflowWrap="anywhere">
            {property.address}
          </Text>
        )}
        <Text textStyle="sm" color="fg.muted" data-testid="room-count">
          {t('card.rooms', { count: roomCount })}
        </Text>
      </Stack>
    </ContentCard>
  );
}

/** Once the list is live, it takes the place of the copy painted before the app ran, and is kept for the next visit. */
function useKeptListHandOver(
  status: 'loading' | 'error' | 'ready',
  userId: string,
  team: { id: string; role: TeamRole } | null,
  properties: readonly PropertyRow[] | undefined,
  roomCounts: ReadonlyMap<string, number> | undefined,
) {
  // Before the browser paints this render: the copy and the live list never show together, nor neither of them.
  useLayoutEffect(() => {
    if (status === 'loading') return;
    performance.mark?.(LIST_LIVE_MARK); // when the live list took over (npm run bench reports it)
    releaseDashboardCopy();
  }, [status]);
  useEffect(() => {
    // Every later change (an edit, a new room) is kept too: the next visit paints the list as last shown.
    if (status === 'ready' && userId !== '' && team && properties && roomCounts)
      keepDashboard({ userId, teamId: team.id, role: team.role, properties: keptProperties(properties, roomCounts) });
  }, [status, userId, team, properties, roomCounts]);
}

export default function PropertyListPage() {
  const { t } = useTranslation('properties');
  const userId = useUserId();
  const { team, teams, loaded: teamsLoaded } = useCurrentTeam();
  const teamLabel = useTeamLabel();
  const properties = useQuery({ ...propertiesQuery(userId), enabled: userId !== '' });
  const roomCounts = useQuery({ ...roomsQuery(userId), enabled: userId !== '', select: roomCountsOf });
  const deletion = useMutation(deletePropertyMutation);
  const deletingId = deletion.isPending ? deletion.variables : null;
  const status =
    properties.isError || roomCounts.isError || (teamsLoaded && !team)
      ? 'error'
      : properties.isPending || roomCounts.isPending || !teamsLoaded
        ? 'loading'
        : 'ready';
  const list = useMemo(() => (team && properties.data ? teamProperties(properties.data, team.id) : undefined), [team, properties.data]);
  useKeptListHandOver(status, userId, team, list, roomCounts.data);
  const role = team?.role ?? 'front_desk';
  const roomsOf = (property: PropertyRow) => roomCounts.data?.get(property.id) ?? 0;

  const reload = () => {
    void properties.refetch();
    void roomCounts.refetch();
  };

  const remove = async (property: PropertyRow) => {
    const roomCount = roomsOf(property);
    const message = roomCount > 0 ? `${t('delete.confirm')} ${t('delete.roomsWarning', { count: roomCount })}` : t('delete.confirm');
    if (!(await confirm({ title: property.name, message, confirmLabel: t('card.delete') }))) return;
    try {
      await deletion.mutateAsync(property.id);
      toaster.create({ type: 'success', title: t('delete.success') });
    } catch (error) {
      console.error('Failed to delete property', error);
      toaster.create({ type: 'error', title: t('delete.failure') });
    }
  };

  const addButton = (
    <Button asChild minH="11">
      <RouterLink to={paths.newProperty}>{t('list.add')}</RouterLink>
    </Button>
  );
  // Scan analytics and the team are in the host's menu (the navbar), with the rest of the host's screens.
  const headerActions = may(role, 'manageProperties') ? addButton : undefined;

  return (
    <Box>
      {/* The empty state carries its own Add Property button: one call to action, not two. */}
      {/* A host in several teams sees whose properties these are (the navbar switches). */}
      <PageHeader
        title={t('list.title')}
        description={team && teams.length > 1 ? teamLabel(team) : undefined}
        actions={status === 'ready' && list?.length === 0 ? undefined : headerActions}
      />
      {status === 'loading' && <PageSpinner minHeight="30vh" />}
      {status === 'error' && (
        <Stack gap="4" align="flex-start">
          <StatusAlert status="error">{t('list.loadError', { message: t('errors.load') })}</StatusAlert>
          <Button variant="outline" minH="11" onClick={reload}>
            {t('list.retry')}
          </Button>
        </Stack>
      )}
      {status === 'ready' && list?.length === 0 && (
        <ContentCard textAlign="center" py="8">
          <Stack gap="3" align="center">
            <Heading as="h2" size="xl">
              {t('list.emptyTitle')}
            </Heading>
            <Text color="fg.muted">{t('list.emptyText')}</Text>
            {may(role, 'manageProperties') && addButton}
          </Stack>
        </ContentCard>
      )}
      {status === 'ready' && list && list.length > 0 && (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={{ base: '4', md: '5' }}>
          {list.map((property) => (
            <PropertyCard
              key={property.id}
              property={property}
              roomCount={roomsOf(property)}
              role={role}
              deleting={deletingId === property.id}
              onDelete={() => void remove(property)}
            />
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
