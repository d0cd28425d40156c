/**
 * The room form itself (room-form-page.tsx loads what it starts from): the room's own fields, and the property's shared
 * guide (hotel, area, look, WiFi), each showing the property's value until the host overrides it for this room; only
 * overrides are saved (see prefill.ts). Nothing typed is lost when a save fails.
 */
import { Box, Grid, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { toaster, toastSaved } from '@/components/toaster';
import { href, paths } from '@/lib/paths';
import { isApiError, quotaCode } from '@/lib/data/api-error';
import { useProfile } from '@/lib/data/queries';
import { valueAt, withValueAt } from '@/lib/guide-fields';
import type { PropertyGuide } from '../api/property-guide';
import { removeRoomImages } from '../api/remove-room-images';
import { roomFieldError, roomSaveErrorKey } from '../errors';
import { openedFrom, roomOrigin } from '../room-list/list-return';
import { lookKeys, roomValuesOf, type InheritableKey, type RoomFormState } from './prefill';
import { createRoomMutation, updateRoomMutation } from '../queries';
import { guideUrl } from '../qr-look/qr-file-name';
import {
  isHexColour,
  isMissingNameOrRoom,
  normaliseRoomForm,
  roomFieldLimits,
  validateRoomForm,
  type RoomFieldKey,
  type RoomFormErrors,
} from './room-form-validation';
import { templateColors } from '../templates';
import type { GuideTemplate } from '@/lib/guide-fields';
import type { GuideFormValues } from '../types';
import { ImagePicker } from './image-picker';
import { InheritNote } from './inherit-note';
import { ActivitiesField } from './activities-field';
import { ContrastNotes } from './contrast-notes';
import { RoomFormSide } from './room-form-side';
import { SharedInput, type SharedInputKind } from './shared-input';
import { LookFields } from './look-fields';
import { RoomFormNotices } from './room-form-notices';
import { withoutPhoto, withUploadedPhoto } from './room-photos';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ContentCard title={title}>
      <Stack gap="4">{children}</Stack>
    </ContentCard>
  );
}

/** What the form starts from: the room being edited, or a new room that inherits every shared field. */
export interface FormStart extends RoomFormState {
  /** The room's own uploads when the form opened: removed from storage once unused. */
  savedImageUrls: string[];
}

export function RoomForm({
  userId,
  propertyId,
  roomId,
  isEdit,
  start,
  shared,
}: {
  userId: string;
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
  const [values, setValues] = useState<GuideFormValues>(start.values);
  const [overridden, setOverridden] = useState<ReadonlySet<InheritableKey>>(start.overridden);
  const [errors, setErrors] = useState<RoomFormErrors>({});
  const creation = useMutation(createRoomMutation);
  const update = useMutation(updateRoomMutation);
  const submitting = creation.isPending || update.isPending;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  /** Uploads since the form opened (with the room's own, `start.savedImageUrls`): removed from storage once unused. */
  const [uploadedUrls, setUploadedUrls] = useState<string[]>([]);

  const clearError = (key: RoomFieldKey) => setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  const setField = <K extends 'name' | 'roomNumber'>(key: K, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  };
  const setRoomPhoto = (url: string) => {
    setValues((v) => withValueAt(v, 'style.roomPhotoUrl', url));
    clearError('style.roomPhotoUrl');
  };

  // Shared fields. What the room shows for a field: its own value when overridden, else the property's.
  const inherits = (key: InheritableKey) => !overridden.has(key);
  const propertyValue = (key: InheritableKey): string => {
    const value = valueAt(shared, key);
    return typeof value === 'string' ? value : '';
  };
  const shown = (key: InheritableKey): string => {
    const value = inherits(key) ? propertyValue(key) : valueAt(values, key);
    return typeof value === 'string' ? value : '';
  };
  /** Overrides `keys`, each starting from the property's value (so the host edits it rather than retyping), then applies `change`. */
  const override = (keys: readonly InheritableKey[], change: (v: GuideFormValues) => GuideFormValues = (v) => v) => {
    const starting = keys.filter(inherits);
    setValues((v) => change(starting.reduce((next, key) => withValueAt(next, key, structuredClone(valueAt(shared, key))), v)));
    setOverridden((current) => new Set([...current, ...keys]));
  };
  const inherit = (keys: readonly InheritableKey[]) => {
    setOverridden((current) => new Set([...current].filter((key) => !keys.includes(key))));
    setErrors((e) => ({ ...e, ...Object.fromEntries(keys.map((key) => [key, undefined])) }));
  };
  /** Typing into a field that shows the property's value makes what was typed this room's own. */
  const setShared = (key: InheritableKey, value: string) => {
    setValues((v) => withValueAt(v, key, value));
    setOverridden((current) => (current.has(key) ? current : new Set([...current, key])));
    clearError(key);
  };
  const lookInherited = lookKeys.every(inherits);
  const setLook = (change: (v: GuideFormValues) => GuideFormValues) => {
    override(lookKeys, change);
    setErrors((e) => ({ ...e, 'style.primaryColor': undefined, 'style.backgroundColor': undefined }));
  };
  const applyTemplate = (template: GuideTemplate) => setLook((v) => ({ ...v, template, style: { ...v.style, ...templateColors[template] } }));

  /** Like typing into any shared field: adding to the property's list makes the list (with the new one) this room's own. */
  const addActivity = (activity: string) => override(['area.activities'], (v) => ({ ...v, area: { ...v.area, activities: [...v.area.activities, activity] } }));
  const removeActivity = (index: number) => setValues((v) => ({ ...v, area: { ...v.area, activities: v.area.activities.filter((_, i) => i !== index) } }));

  const errorText = (key: RoomFieldKey, max?: number) => {
    const code = errors[key];
    return code ? t(code, { max }) : undefined;
  };

  /** A shared guide field's input: the property's value as placeholder while it inherits, with its inherit note. */
  const sharedInput = (key: InheritableKey, label: string, name: string, kind: SharedInputKind = 'text') => (
    <SharedInput
      name={name}
      label={label}
      kind={kind}
      inherited={inherits(key)}
      own={shown(key)}
      propertyValue={propertyValue(key)}
      onChange={(value) => setShared(key, value)}
      onOverride={() => override([key])}
      onInherit={() => inherit([key])}
    />
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    if (!userId) {
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
    const room = roomValuesOf(normalised, overridden);
    try {
      if (isEdit) await update.mutateAsync({ id: roomId, values: room });
      else await creation.mutateAsync({ id: roomId, propertyId, values: room });
      toastSaved(t(isEdit ? 'form.updated' : 'form.created'));
      const kept = new Set([...room.images, room.style.roomPhotoUrl, shown('style.logoUrl')]);
      void removeRoomImages(
        userId,
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
  // The look the room's guide and QR will have: its own or the property's; colours a guide leaves empty are its template's.
  const template = lookInherited ? shared.template : values.template;
  // An override shows as typed (the database judges it); the property's look, when it leaves a colour empty, its template's.
  const primaryColor = lookInherited ? propertyValue('style.primaryColor') || templateColors[template].primaryColor : values.style.primaryColor;
  const backgroundColor = lookInherited ? propertyValue('style.backgroundColor') || templateColors[template].backgroundColor : values.style.backgroundColor;
  const previewUrl = guideUrl(window.location.origin, roomId);
  const activities = inherits('area.activities') ? shared.area.activities : values.area.activities;

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
          <Stack gap="5" minW="0">
            <Section title={t('form.sections.room')}>
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                <FormField label={t('form.name')} required errorText={errorText('name', roomFieldLimits.name)}>
                  <Input name="name" size="lg" value={values.name} placeholder={t('form.namePlaceholder')} onChange={(e) => setField('name', e.target.value)} />
                </FormField>
                <FormField label={t('form.roomNumber')} required errorText={errorText('roomNumber', roomFieldLimits.roomNumber)}>
                  <Input name="roomNumber" size="lg" value={values.roomNumber} placeholder="101" onChange={(e) => setField('roomNumber', e.target.value)} />
                </FormField>
              </SimpleGrid>
            </Section>

            <Section title={t('form.sections.wifi')}>
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                <FormField label={t('form.wifiNetwork')} errorText={errorText('wifi.network')}>
                  {sharedInput('wifi.network', t('form.wifiNetwork'), 'wifiNetwork', 'secret')}
                </FormField>
                <FormField
                  label={t('form.wifiPassword')}
                  helperText={t('form.wifiPasswordHelp')}
                  errorText={errorText('wifi.password', roomFieldLimits.wifiPassword)}
                >
                  {sharedInput('wifi.password', t('form.wifiPassword'), 'wifiPassword', 'secret')}
                </FormField>
              </SimpleGrid>
            </Section>

            <Section title={t('form.sections.photos')}>
              <ImagePicker
                userId={userId}
                maxImages={roomFieldLimits.images}
                images={values.images}
                roomPhotoUrl={values.style.roomPhotoUrl}
                onBusyChange={setUploading}
                onUploaded={(url) => {
                  setUploadedUrls((all) => [...all, url]);
                  setValues((v) => withUploadedPhoto(v, url));
                }}
                onRemove={(url) => setValues((v) => withoutPhoto(v, url))}
                onChooseRoomPhoto={setRoomPhoto}
              />
              <FormField label={t('form.roomPhotoUrl')} helperText={t('form.roomPhotoUrlHelp')} errorText={errorText('style.roomPhotoUrl')}>
                <Input
                  name="roomPhotoUrl"
                  type="url"
                  inputMode="url"
                  size="lg"
                  value={values.style.roomPhotoUrl}
                  placeholder="https://"
                  onChange={(e) => setRoomPhoto(e.target.value)}
                />
              </FormField>
            </Section>

            <Section title={t('form.sections.look')}>
              {/* Template and colours show the property's until changed; changing one makes the three this room's. */}
              <LookFields
                template={template}
                primaryColor={primaryColor}
                backgroundColor={backgroundColor}
                errors={{ primaryColor: errorText('style.primaryColor'), backgroundColor: errorText('style.backgroundColor') }}
                onTemplate={applyTemplate}
                onColour={(key, colour) => setLook((next) => withValueAt(next, key, colour))}
                inheritNote={
                  <InheritNote
                    field={t('form.inherit.lookField')}
                    inherited={lookInherited}
                    empty={false}
                    onOverride={() => setLook((v) => ({ ...v, style: { ...v.style, primaryColor, backgroundColor } }))}
                    onInherit={() => inherit(lookKeys)}
                  />
                }
              />
              <ContrastNotes primaryColor={primaryColor} backgroundColor={backgroundColor} />
              <FormField label={t('form.logoUrl')} helperText={t('form.logoUrlHelp')} errorText={errorText('style.logoUrl')}>
                {sharedInput('style.logoUrl', t('form.logoUrl'), 'logoUrl', 'url')}
              </FormField>
            </Section>

            <Section title={t('form.sections.hotel')}>
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                <FormField label={t('form.hotelName')} errorText={errorText('hotel.name', roomFieldLimits.hotelName)}>
                  {sharedInput('hotel.name', t('form.hotelName'), 'hotelName')}
                </FormField>
                <FormField label={t('form.hotelPhone')} errorText={errorText('hotel.phone', roomFieldLimits.phone)}>
                  {sharedInput('hotel.phone', t('form.hotelPhone'), 'hotelPhone', 'tel')}
                </FormField>
              </SimpleGrid>
              <FormField label={t('form.hotelWebsite')} errorText={errorText('hotel.website')}>
                {sharedInput('hotel.website', t('form.hotelWebsite'), 'hotelWebsite', 'url')}
              </FormField>
              <FormField label={t('form.hotelDescription')} errorText={errorText('hotel.description', roomFieldLimits.description)}>
                {sharedInput('hotel.description', t('form.hotelDescription'), 'hotelDescription', 'multiline')}
              </FormField>
            </Section>

            <Section title={t('form.sections.area')}>
              <FormField label={t('form.location')} errorText={errorText('area.location', roomFieldLimits.location)}>
                {sharedInput('area.location', t('form.location'), 'location')}
              </FormField>
              <FormField label={t('form.activities')} errorText={errorText('area.activities', roomFieldLimits.activity)}>
                <ActivitiesField
                  activities={activities}
                  inherited={inherits('area.activities')}
                  onAdd={addActivity}
                  onRemove={removeActivity}
                  onOverride={() => override(['area.activities'])}
                  onInherit={() => inherit(['area.activities'])}
                />
              </FormField>
              <FormField label={t('form.businessLink')} errorText={errorText('area.businessLink')}>
                {sharedInput('area.businessLink', t('form.businessLink'), 'businessLink', 'url')}
              </FormField>
            </Section>
          </Stack>

          <RoomFormSide
            previewUrl={previewUrl}
            look={{
              primaryColor: isHexColour(primaryColor) ? primaryColor : undefined,
              backgroundColor: isHexColour(backgroundColor) ? backgroundColor : undefined,
              logoUrl: shown('style.logoUrl'),
            }}
            qrLabel={t('detail.qrLabel', { name: values.name || t('form.newTitle') })}
            saveError={saveError}
            isEdit={isEdit}
            submitting={submitting}
            uploading={uploading}
            onCancel={() => {
              // Photos uploaded in a form that is abandoned belong to no room: remove them.
              void removeRoomImages(userId, uploadedUrls);
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
