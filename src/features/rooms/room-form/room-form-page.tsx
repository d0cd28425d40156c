/**
 * Create (`…/qrcodes/new`) and edit (`…/qrcodes/:id/edit`) a room's QR code. The id of a new code is generated here,
 * before saving, so the preview shows the real QR (its guide URL) while the host types. Hotel, area, look and WiFi
 * are the property's shared guide: each shows the property's value until the host overrides it for this room, and
 * only overrides are saved (see prefill.ts). Nothing typed is lost when a save fails.
 */
import { Box, Button, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { href } from '@/lib/paths';
import { isApiError, notFoundCode } from '@/lib/data/api-error';
import { useUserId } from '@/lib/data/queries';
import { usePropertyTeam } from '@/lib/current-team';
import { useFirstValue } from '@/lib/use-first-value';
import { formStateOf, newRoomValues } from './prefill';
import { propertyGuideQuery, roomFormQuery } from '../queries';
import { RoomForm, type FormStart } from './room-form';

/** Loads what the form starts from (cached reads shared with the other screens), then shows it, once. */
export default function RoomFormPage() {
  const { t } = useTranslation('rooms');
  const { propertyId = '', id } = useParams();
  const isEdit = Boolean(id);
  const userId = useUserId();
  const [roomId] = useState(() => id ?? crypto.randomUUID());

  // The shared guide also tells a missing (or foreign) property: it answers not_found.
  const property = useQuery({ ...propertyGuideQuery(userId, propertyId), enabled: userId !== '' });
  const room = useQuery({ ...roomFormQuery(userId, roomId), enabled: userId !== '' && isEdit });
  // Photos go into the folder of the property's team account, where every editor of the team reaches them.
  const propertyTeam = usePropertyTeam(propertyId);
  const imageFolder = propertyTeam.team?.accountUserId ?? userId;

  const title = t(isEdit ? 'form.editTitle' : 'form.newTitle');
  let start: FormStart | 'loading' | 'notFound' | 'propertyNotFound' | 'error';
  if (userId === '' || property.isPending || (isEdit && room.isPending) || !propertyTeam.loaded) start = 'loading';
  else if (property.isError) start = isApiError(property.error, notFoundCode) ? 'propertyNotFound' : 'error';
  else if (!isEdit) start = { ...formStateOf(newRoomValues()), savedImageUrls: [] };
  else if (room.isError) start = isApiError(room.error, notFoundCode) ? 'notFound' : 'error';
  else if (room.data?.propertyId !== propertyId) start = 'notFound';
  else start = { ...formStateOf(room.data.values), savedImageUrls: room.data.values.images };
  const started = useFirstValue(typeof start === 'string' ? null : start);
  // The property's values stay live: a shared guide saved in another tab shows here when this tab is shown again.
  if (started && property.data)
    return <RoomForm imageFolder={imageFolder} propertyId={propertyId} roomId={roomId} isEdit={isEdit} start={started} shared={property.data.guide} />;

  if (start === 'loading' || typeof start !== 'string') return <PageSpinner minHeight="30vh" />;
  return (
    <Box>
      <PageHeader title={title} />
      <Stack gap="4" align="flex-start">
        <StatusAlert status="error">
          {t(start === 'notFound' ? 'errors.notFound' : start === 'propertyNotFound' ? 'list.propertyNotFound' : 'errors.fetchFailed')}
        </StatusAlert>
        <Button asChild variant="outline" minH="11">
          <RouterLink to={href.rooms(propertyId)}>{t('detail.back')}</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}
