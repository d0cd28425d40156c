/**
 * The room form itself (room-form-page.tsx loads what it starts from): the room's own fields, and the property's shared
 * guide (hotel, area, look, WiFi), each showing the property's value until the host overrides it for this room; only
 * overrides are saved (see prefill.ts). Nothing typed is lost when a save fails.
 */
import { Box, Grid } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { toaster, toastSaved } from '@/components/toaster';
import { href, paths } from '@/lib/paths';
import { isApiError, quotaCode } from '@/lib/data/api-error';
import { useProfile } from '@/lib/current-team';
import type { PropertyGuide } from '../api/property-guide';
import { removeRoomImages } from '../api/remove-room-images';
import { roomFieldError, roomSaveErrorKey } from '../errors';
import { openedFrom, roomOrigin } from '../room-list/list-return';
import { roomValuesOf, type RoomFormState } from './prefill';
import { createRoomMutation, updateRoomMutation } from '../queries';
import { guideUrl } from '../qr-look/qr-file-name';
import { isHexColour, isMissingNameOrRoom, normaliseRoomForm, validateRoomForm } from './room-form-validation';
import { RoomFields } from './room-fields';
import { RoomFormSide } from './room-form-side';
import { RoomFormNotices } from './room-form-notices';
import { useRoomValues } from './use-room-values';

/** What the form starts from: the room being edited, or a new room that inherits every shared field. */
export interface FormStart extends RoomFormState {
  /** The room's own uploads when the form opened: removed from storage once unused. */
  savedImageUrls: string[];
}

export function RoomForm({
  imageFolder,
  propertyId,
  roomId,
  isEdit,
  start,
  shared,
}: {
  /** Where the room's photos are uploaded: the property's team account's folder (empty: nobody signed in). */
  imageFolder: string;
  propertyId: string;
  roomId: string;
  isEdit: boolean;
  start: FormStart;
  shared: PropertyGuide;
}) {
  const { t } = useTranslation('rooms');
  const navigate = useNavigate();
  const origin = roomOrigin(useLocation().state);
  const { profile, query: profileQuery } = useProfile();
  const usage = profile ? { used: profile.qr_codes_created, limit: profile.qr_code_limit } : null;
  const room = useRoomValues(start, shared);
  const { values, overridden, setErrors } = room;
  const creation = useMutation(createRoomMutation);
  const update = useMutation(updateRoomMutation);
  const submitting = creation.isPending || update.isPending;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  /** Uploads since the form opened (with the room's own, `start.savedImageUrls`): removed from storage once unused. */
  const [uploadedUrls, setUploadedUrls] = useState<string[]>([]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    if (!imageFolder) {
      toaster.create({ type: 'error', title: t('form.mustBeLoggedIn') });
      return;
    }
    const normalised = normaliseRoomForm(values);
    const found = validateRoomForm(normalised);
    setErrors(found);
    if (isMissingNameOrRoom(found)) {
      toaster.create({ type: 'error', title: t('validation.nameAndRoomRequired') });
      return;
    }
    if (Object.values(found).some(Boolean)) {
      toaster.create({ type: 'error', title: t('validation.fixErrors') });
      return;
    }
    if (uploading) {
      toaster.create({ type: 'info', title: t('images.waitForUploads') });
      return;
    }
    const saved = roomValuesOf(normalised, overridden);
    try {
      if (isEdit) await update.mutateAsync({ id: roomId, values: saved });
      else await creation.mutateAsync({ id: roomId, propertyId, values: saved });
      toastSaved(t(isEdit ? 'form.updated' : 'form.created'));
      const kept = new Set([...saved.images, saved.style.roomPhotoUrl, room.shown('style.logoUrl')]);
      void removeRoomImages(
        imageFolder,
        [...start.savedImageUrls, ...uploadedUrls].filter((url) => !kept.has(url)),
      );
      if (!isEdit) navigate(paths.dashboard);
      // Edited: the room's page, in the place of the form in the history when the form came from the room list or the
      // page, so the page's Back leads on to the list as the host left it.
      else if (origin === 'roomPage') navigate(-1);
      else if (origin === 'roomList') navigate(href.roomDetail(propertyId, roomId), { replace: true, state: openedFrom('roomList') });
      else navigate(href.roomDetail(propertyId, roomId));
    } catch (error) {
      // The database refused one field: its message goes next to that field, the rest stays as typed.
      const refused = roomFieldError(error);
      if (refused) {
        setErrors({ [refused.field]: refused.messageKey });
        toaster.create({ type: 'error', title: t('validation.fixErrors') });
        return;
      }
      // A full plan is an answer the host acts on (the message links to the subscription), not a fault to log.
      if (!isApiError(error, quotaCode)) console.error('Saving the QR code failed', error);
      const key = roomSaveErrorKey(error, isEdit);
      setSaveError(key);
      toaster.create({ type: 'error', title: t(key) });
      if (isApiError(error, quotaCode)) void profileQuery.refetch();
    }
  };

  const title = t(isEdit ? 'form.editTitle' : 'form.newTitle');
  const atLimit = !isEdit && usage !== null && usage.used >= usage.limit;
  const primaryColor = room.look.lookColour('style.primaryColor');
  const backgroundColor = room.look.lookColour('style.backgroundColor');
  const previewUrl = guideUrl(window.location.origin, roomId);

  return (
    <Box>
      <PageHeader
        title={title}
        description={usage ? <span data-testid="qr-usage">{t('form.usage', { used: usage.used, limit: usage.limit })}</span> : undefined}
      />
      <RoomFormNotices propertyId={propertyId} atLimit={atLimit} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        {/* From tablet width the preview and the save button stay in view beside the form. */}
        <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) 280px', xl: 'minmax(0, 1fr) 320px' }} gap="5" alignItems="start">
          <RoomFields room={room} uploads={{ folder: imageFolder, onBusyChange: setUploading, onUploaded: (url) => setUploadedUrls((all) => [...all, url]) }} />

          <RoomFormSide
            previewUrl={previewUrl}
            look={{
              primaryColor: isHexColour(primaryColor) ? primaryColor : undefined,
              backgroundColor: isHexColour(backgroundColor) ? backgroundColor : undefined,
              logoUrl: room.shown('style.logoUrl'),
            }}
            qrLabel={t('detail.qrLabel', { name: values.name || t('form.newTitle') })}
            saveError={saveError}
            isEdit={isEdit}
            submitting={submitting}
            uploading={uploading}
            onCancel={() => {
              // Photos uploaded in a form that is abandoned belong to no room: remove them.
              void removeRoomImages(imageFolder, uploadedUrls);
              // Back to the screen the form came from, as the host left it.
              if (origin !== null) navigate(-1);
              else navigate(isEdit ? href.roomDetail(propertyId, roomId) : href.rooms(propertyId));
            }}
          />
        </Grid>
      </form>
    </Box>
  );
}
