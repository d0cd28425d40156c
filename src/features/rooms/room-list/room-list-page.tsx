import { Box, Button, Flex, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { confirm } from '@/components/confirm-dialog';
import { ContentCard } from '@/components/content-card';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { ShowMore, useShownCount } from '@/components/show-more';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import { href, paths } from '@/lib/paths';
import { matchesRoomQuery, roomSearchThreshold, sortRooms } from '@/lib/room-sort';
import { propertiesQuery, roomsQuery, useUserId } from '@/lib/data/queries';
import { useRefreshWhileNotLive } from '@/lib/data/live-updates';
import type { PropertyRow, RoomRow } from '@/lib/data/rows';
import { deleteRoomMutation } from '../queries';
import { DownloadZipButton } from '../downloads/download-zip-button';
import { PropertyOverview } from './property-overview';
import { RoomCard, RoomCardClassNames } from './room-card';
import { RoomSelectionBar } from './room-selection-bar';
import { createdRoomsOf } from './list-return';
import { floorOf, floorsOf } from './floors';
import { JustCreatedBar } from './just-created-bar';
import { toRoomSummary } from '../rows';
import { useRole } from '@/lib/current-team';
import { may } from '@/lib/team-access';
import type { RoomSummary } from '../types';

/**
 * The property's rooms, sorted, from the same cached reads as the property list (the user's properties
 * and rooms): opening a property shows its rooms at once, and they refetch after a change and when the
 * host returns to the tab (another device may have added rooms meanwhile).
 */
export default function RoomListPage() {
  const { t } = useTranslation('rooms');
  const { propertyId = '' } = useParams();
  const userId = useUserId();
  const selectProperty = useCallback((properties: PropertyRow[]) => properties.find((property) => property.id === propertyId) ?? null, [propertyId]);
  const selectRooms = useCallback((rooms: RoomRow[]) => sortRooms(rooms.filter((room) => room.property_id === propertyId).map(toRoomSummary)), [propertyId]);
  const property = useQuery({ ...propertiesQuery(userId), enabled: userId !== '', select: selectProperty });
  // Live scan counts; a steady refresh while Realtime is not live (src/lib/data/live-updates.ts).
  const refreshInterval = useRefreshWhileNotLive();
  const rooms = useQuery({ ...roomsQuery(userId), enabled: userId !== '', select: selectRooms, refetchInterval: refreshInterval });
  const deletion = useMutation(deleteRoomMutation);
  // The list is drawn once the role is known: its controls do not appear after the cards (a shift under the host's thumb).
  const role = useRole(propertyId);
  const edits = may(role.role, 'editGuide');
  // The search lives in the address, so going back from a room to the list finds it as it was.
  const [search, setSearch] = useSearchParams();
  const query = search.get('q') ?? '';
  const floor = search.get('floor') ?? '';
  // Rooms just created in bulk are shown alone at first (router state from the bulk screen), until the host asks for all.
  const { state } = useLocation();
  const [justCreated, setJustCreated] = useState<ReadonlySet<string>>(() => new Set(createdRoomsOf(state)));
  // Each filter keeps the other's value in the address.
  const setFilter = (name: 'q' | 'floor', value: string) => {
    setJustCreated(noRoomIds);
    const next = new URLSearchParams(search);
    if (value === '') next.delete(name);
    else next.set(name, value);
    setSearch(next, { replace: true });
  };
  const setQuery = (value: string) => setFilter('q', value);
  const [selection, setSelection] = useState<ReadonlySet<string>>(noRoomIds);

  const status =
    property.isError || rooms.isError
      ? 'error'
      : property.isPending || rooms.isPending || !role.loaded
        ? 'loading'
        : property.data === null
          ? 'propertyNotFound'
          : 'ready';
  const propertyRooms = rooms.data;
  const createdRooms = useMemo(() => (propertyRooms ?? []).filter((code) => justCreated.has(code.id)), [propertyRooms, justCreated]);
  const floors = useMemo(() => floorsOf((propertyRooms ?? []).map((room) => room.roomNumber)), [propertyRooms]);
  // A floor the property no longer has (its rooms deleted, an old link) filters nothing out.
  const floorShown = floors.includes(floor) ? floor : '';
  const visible = useMemo(
    () =>
      createdRooms.length > 0
        ? createdRooms
        : (propertyRooms ?? []).filter((code) => matchesRoomQuery(code, query) && (floorShown === '' || floorOf(code.roomNumber) === floorShown)),
    [createdRooms, propertyRooms, query, floorShown],
  );
  const { shown, showMore } = useShownCount(visible.length, `${query}\u0000${floorShown}`);
  const deletingId = deletion.isPending ? deletion.variables : null;
  // Rooms deleted elsewhere drop out of the selection.
  const selectedRooms = useMemo(() => (propertyRooms ?? []).filter((code) => selection.has(code.id)), [propertyRooms, selection]);
  const select = useCallback(
    (id: string, selected: boolean) =>
      setSelection((current) => {
        const next = new Set(current);
        if (selected) next.add(id);
        else next.delete(id);
        return next;
      }),
    [setSelection],
  );

  const reload = () => {
    void property.refetch();
    void rooms.refetch();
  };

  const deleteRoom = deletion.mutateAsync;
  const remove = useCallback(
    async (room: RoomSummary) => {
      if (!(await confirm({ title: room.name, message: t('list.deleteConfirm'), confirmLabel: t('list.delete') }))) return;
      try {
        await deleteRoom(room.id);
        toaster.create({ type: 'success', title: t('list.deleteSuccess') });
      } catch (error) {
        console.error('Failed to delete QR code', error);
        toaster.create({ type: 'error', title: t('list.deleteFailure') });
      }
    },
    [deleteRoom, t],
  );

  const newButton = (
    <Button asChild minH="11">
      <RouterLink to={href.newRoom(propertyId)}>{t('list.add')}</RouterLink>
    </Button>
  );

  return (
    <Box>
      <PageHeader
        title={t('list.title')}
        description={status === 'ready' && property.data ? `${property.data.name} · ${t('list.count', { count: propertyRooms?.length ?? 0 })}` : undefined}
        actions={
          status === 'ready' ? (
            <>
              {edits && newButton}
              {edits && (
                <Button asChild minH="11" variant="subtle">
                  <RouterLink to={href.bulkRooms(propertyId)}>{t('list.addMany')}</RouterLink>
                </Button>
              )}
              {/* Nothing to print without rooms: shown, but off, as Download all is. */}
              {(propertyRooms?.length ?? 0) > 0 ? (
                <Button asChild minH="11" variant="outline">
                  <RouterLink to={href.printSheet(propertyId)}>{t('list.printSheet')}</RouterLink>
                </Button>
              ) : (
                <Button minH="11" variant="outline" disabled>
                  {t('list.printSheet')}
                </Button>
              )}
              {property.data && (
                <DownloadZipButton
                  propertyId={propertyId}
                  propertyName={property.data.name}
                  roomCount={propertyRooms?.length ?? 0}
                  label={t('list.downloadAll')}
                />
              )}
            </>
          ) : undefined
        }
      />
      {status === 'ready' && <PropertyOverview userId={userId} propertyId={propertyId} rooms={propertyRooms ?? []} edits={edits} />}
      {status === 'loading' && <PageSpinner minHeight="30vh" />}
      {status === 'error' && (
        <Stack gap="4" align="flex-start">
          <StatusAlert status="error">{t('errors.fetchFailed')}</StatusAlert>
          <Button variant="outline" minH="11" onClick={reload}>
            {t('list.retry')}
          </Button>
        </Stack>
      )}
      {status === 'propertyNotFound' && (
        <Stack gap="4" align="flex-start">
          <StatusAlert status="error">{t('list.propertyNotFound')}</StatusAlert>
          <Button asChild variant="outline" minH="11">
            <RouterLink to={paths.dashboard}>{t('list.backToProperties')}</RouterLink>
          </Button>
        </Stack>
      )}
      {status === 'ready' && propertyRooms?.length === 0 && (
        <ContentCard textAlign="center" py="8">
          <Stack gap="3" align="center">
            <Text textStyle="lg" fontWeight="medium">
              {t('list.empty')}
            </Text>
            <Text color="fg.muted">{t('list.emptyHint')}</Text>
            {/* A new property starts here: what every room shares first, then its rooms (one here, many from the header). */}
            {edits && (
              <HStack gap="2" wrap="wrap" justify="center">
                <Button asChild minH="11" variant="outline">
                  <RouterLink to={href.propertyGuide(propertyId)}>{t('list.fillSharedGuide')}</RouterLink>
                </Button>
                {newButton}
              </HStack>
            )}
          </Stack>
        </ContentCard>
      )}
      {status === 'ready' && propertyRooms && propertyRooms.length > 0 && (
        <Stack gap="4">
          {(propertyRooms.length > roomSearchThreshold || floors.length > 0) && (
            <Flex gap="3" wrap="wrap">
              {propertyRooms.length > roomSearchThreshold && (
                <Input
                  type="search"
                  size="lg"
                  bg="bg.panel"
                  flex={{ base: '1 1 100%', sm: '1 1 16rem' }}
                  maxW={{ md: 'sm' }}
                  placeholder={t('list.searchPlaceholder')}
                  aria-label={t('list.searchPlaceholder')}
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                />
              )}
              {floors.length > 0 && (
                <NativeSelect.Root size="lg" width={{ base: '100%', sm: '12rem' }}>
                  <NativeSelect.Field aria-label={t('list.floor')} bg="bg.panel" value={floorShown} onChange={(e) => setFilter('floor', e.target.value)}>
                    <option value="">{t('list.allFloors')}</option>
                    {floors.map((value) => (
                      <option key={value} value={value}>
                        {t('list.floorNamed', { floor: value })}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
            </Flex>
          )}
          {createdRooms.length > 0 && property.data && (
            <JustCreatedBar property={property.data} rooms={createdRooms} roomCount={propertyRooms.length} onShowAll={() => setJustCreated(noRoomIds)} />
          )}
          {selectedRooms.length > 0 && property.data && (
            <RoomSelectionBar
              property={property.data}
              selectedRooms={selectedRooms}
              edits={edits}
              roomCount={propertyRooms.length}
              matchingCount={visible.length}
              allMatchingSelected={visible.every((code) => selection.has(code.id))}
              onSelectAll={() => setSelection(new Set([...selectedRooms.map((code) => code.id), ...visible.map((code) => code.id)]))}
              onClear={() => setSelection(new Set())}
            />
          )}
          {visible.length === 0 ? (
            <Text color="fg.muted">{t('list.noMatch', { query })}</Text>
          ) : (
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="3">
              <RoomCardClassNames>
                {(classes) =>
                  visible
                    .slice(0, shown)
                    .map((room) => (
                      <RoomCard
                        key={room.id}
                        room={room}
                        classes={classes}
                        edits={edits}
                        deleting={deletingId === room.id}
                        onDelete={remove}
                        selected={selection.has(room.id)}
                        onSelect={select}
                      />
                    ))
                }
              </RoomCardClassNames>
            </SimpleGrid>
          )}
          {shown < visible.length && (
            <ShowMore shown={shown} status={t('list.shownOf', { shown, total: visible.length })} label={t('list.showMore')} onShowMore={showMore} />
          )}
        </Stack>
      )}
    </Box>
  );
}

const noRoomIds: ReadonlySet<string> = new Set();
