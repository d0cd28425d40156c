/**
 * The property's previous and next room (door-plan order) on a room's page, for a host going through the rooms one by
 * one. A step replaces the page's history entry and keeps its router state, so the page's Back (and the browser's)
 * still returns to where the host came from: the room list as they left it.
 */
import { Button, Flex } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { roomsQuery, useUserId } from '@/lib/data/queries';
import type { RoomRow } from '@/lib/data/rows';
import { href } from '@/lib/paths';
import { sortRooms } from '@/lib/room-sort';
import { toRoomSummary } from '../rows';
import type { RoomSummary } from '../types';

interface Neighbours {
  previous: RoomSummary | undefined;
  next: RoomSummary | undefined;
}

/** The rooms before and after `roomId` among `rooms`, in door-plan order. */
export function roomNeighbours(rooms: readonly RoomSummary[], roomId: string): Neighbours {
  const ordered = sortRooms(rooms);
  const at = ordered.findIndex((room) => room.id === roomId);
  return at === -1 ? { previous: undefined, next: undefined } : { previous: ordered[at - 1], next: ordered[at + 1] };
}

export function RoomSteps({ propertyId, roomId }: { propertyId: string; roomId: string }) {
  const { t } = useTranslation('rooms');
  const userId = useUserId();
  const { state } = useLocation();
  const select = useCallback(
    (rooms: RoomRow[]) => roomNeighbours(rooms.filter((room) => room.property_id === propertyId).map(toRoomSummary), roomId),
    [propertyId, roomId],
  );
  const neighbours = useQuery({ ...roomsQuery(userId), enabled: userId !== '', select });
  const { previous, next } = neighbours.data ?? { previous: undefined, next: undefined };
  if (!previous && !next) return null;

  // The arrows are drawn, not read out: the link's name is "Next: Room 102".
  const step = (room: RoomSummary, label: string, direction: 'previous' | 'next') => (
    <Button asChild variant="ghost" minH="11" px="2">
      <RouterLink to={href.roomDetail(propertyId, room.id)} replace state={state}>
        {direction === 'previous' && <span aria-hidden="true">←</span>}
        {label}
        {direction === 'next' && <span aria-hidden="true">→</span>}
      </RouterLink>
    </Button>
  );
  return (
    <Flex as="nav" aria-label={t('detail.steps')} justify="space-between" gap="3" wrap="wrap" mb="4">
      {previous ? step(previous, t('detail.previousRoom', { name: previous.name }), 'previous') : <span />}
      {next && step(next, t('detail.nextRoom', { name: next.name }), 'next')}
    </Flex>
  );
}
