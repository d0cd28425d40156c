/**
 * Create (`…/qrcodes/new`) and edit (`…/qrcodes/:id/edit`) a room's QR code. The id of a new code is generated here,
 * before saving, so the preview shows the real QR (its guide URL) while the host types. Hotel, area, look and WiFi
 * are the property's shared guide: each shows the property's value until the host overrides it for this room, and
 * only overrides are saved (see prefill.ts). Nothing typed is lost when a save fails.
 */
import { Box, Button, CloseButton, Flex, Grid, HStack, Input, List, SimpleGrid, Stack, Text, Textarea, type InputProps } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster, toastSaved } from '@/components/toaster';
import { href, paths } from '@/lib/paths';
import { isApiError, notFoundCode, quotaCode } from '@/lib/data/api-error';
import { useProfile, useUserId } from '@/lib/data/queries';
import { valueAt, withValueAt } from '@/lib/guide-fields';
import { useFirstValue } from '@/lib/use-first-value';
import type { PropertyGuide } from '../api/property-guide';
import { removeRoomImages } from '../api/remove-room-images';
import { roomFieldError, roomSaveErrorKey } from '../errors';
import { openedFrom, roomOrigin } from '../room-list/list-return';
import { formStateOf, lookKeys, newRoomValues, roomValuesOf, type InheritableKey, type RoomFormState } from './prefill';
import { createRoomMutation, propertyGuideQuery, roomFormQuery, updateRoomMutation } from '../queries';
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
import { contrastRatio, isInverted, minimumScannableContrast, templateColors } from '../templates';
import type { GuideTemplate } from '@/lib/guide-fields';
import type { GuideFormValues } from '../types';
import { ImagePicker } from './image-picker';
import { ColourField } from './colour-field';
import { InheritNote } from './inherit-note';
import { TemplateField } from './template-field';
import { QrCodeView } from '../qr-look/qr-code-view';

/** How a shared field's input is typed: the keyboard a phone shows, and no autofill or spell check on WiFi values. */
type SharedInputKind = 'text' | 'url' | 'tel' | 'secret' | 'multiline';

const inputAttributesOf: Record<Exclude<SharedInputKind, 'multiline'>, InputProps> = {
  text: {},
  url: { type: 'url', inputMode: 'url' },
  tel: { type: 'tel', inputMode: 'tel' },
  secret: { autoComplete: 'off', spellCheck: false },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ContentCard title={title}>
      <Stack gap="4">{children}</Stack>
    </ContentCard>
  );
}

/** What the form starts from: the room being edited, or a new room that inherits every shared field. */
interface FormStart extends RoomFormState {
  /** The room's own uploads when the form opened: removed from storage once unused. */
  savedImageUrls: string[];
}

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

  const title = t(isEdit ? 'form.editTitle' : 'form.newTitle');
  let start: FormStart | 'loading' | 'notFound' | 'propertyNotFound' | 'error';
  if (userId === '' || property.isPending || (isEdit && room.isPending)) start = 'loading';
  else if (property.isError) start = isApiError(property.error, notFoundCode) ? 'propertyNotFound' : 'error';
  else if (!isEdit) start = { ...formStateOf(newRoomValues()), savedImageUrls: [] };
  else if (room.isError) start = isApiError(room.error, notFoundCode) ? 'notFound' : 'error';
  else if (room.data?.propertyId !== propertyId) start = 'notFound';
  else start = { ...formStateOf(room.data.values), savedImageUrls: room.data.values.images };
  const started = useFirstValue(typeof start === 'string' ? null : start);
  // The property's values stay live: a shared guide saved in another tab shows here when this tab is shown again.
  if (started && property.data)
    return <RoomForm userId={userId} propertyId={propertyId} roomId={roomId} isEdit={isEdit} start={started} shared={property.data.guide} />;

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

function RoomForm({
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
  const [newActivity, setNewActivity] = useState('');
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
  const addActivity = () => {
    const activity = newActivity.trim();
    if (activity === '') return;
    override(['area.activities'], (v) => ({ ...v, area: { ...v.area, activities: [...v.area.activities, activity] } }));
    setNewActivity('');
  };
  const removeActivity = (index: number) => setValues((v) => ({ ...v, area: { ...v.area, activities: v.area.activities.filter((_, i) => i !== index) } }));

  const errorText = (key: RoomFieldKey, max?: number) => {
    const code = errors[key];
    return code ? t(code, { max }) : undefined;
  };

  /** A shared text field: the property's value as placeholder while inherited, the switch under it. */
  /** A shared guide field's input: the property's value as placeholder while it inherits, with its inherit note. */
  const sharedInput = (key: InheritableKey, label: string, name: string, kind: SharedInputKind = 'text') => {
    const inherited = inherits(key);
    const own = shown(key);
    const inputProps = {
      name,
      size: 'lg' as const,
      value: inherited ? '' : own,
      placeholder: inherited ? propertyValue(key) || t('form.inherit.notSet') : '',
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setShared(key, event.target.value),
    };
    return (
      <Stack gap="1" w="full">
        {kind === 'multiline' ? <Textarea rows={3} {...inputProps} /> : <Input {...inputAttributesOf[kind]} {...inputProps} />}
        <InheritNote field={label} inherited={inherited} empty={own === ''} onOverride={() => override([key])} onInherit={() => inherit([key])} />
      </Stack>
    );
  };

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
  const lowContrast = isHexColour(primaryColor) && isHexColour(backgroundColor) && contrastRatio(primaryColor, backgroundColor) < minimumScannableContrast;
  const inverted = !lowContrast && isHexColour(primaryColor) && isHexColour(backgroundColor) && isInverted(primaryColor, backgroundColor);
  const previewUrl = guideUrl(window.location.origin, roomId);
  const activities = inherits('area.activities') ? shared.area.activities : values.area.activities;

  return (
    <Box>
      <PageHeader
        title={title}
        description={usage ? <span data-testid="qr-usage">{t('form.usage', { used: usage.used, limit: usage.limit })}</span> : undefined}
      />
      {atLimit && (
        <Box mb="5">
          <StatusAlert status="warning" title={t('errors.limitReached')}>
            {t('form.limitHint')}{' '}
            <RouterLink to={paths.subscription} style={{ textDecoration: 'underline' }}>
              {t('form.manageSubscription')}
            </RouterLink>
          </StatusAlert>
        </Box>
      )}
      <Box mb="5">
        <StatusAlert status="info">
          {t('form.inherit.intro')}{' '}
          <RouterLink to={href.propertyGuide(propertyId)} style={{ textDecoration: 'underline' }}>
            {t('overview.editSharedGuide')}
          </RouterLink>
        </StatusAlert>
      </Box>
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
                  setValues((v) => ({
                    ...v,
                    images: [...v.images, url],
                    style: v.style.roomPhotoUrl ? v.style : { ...v.style, roomPhotoUrl: url },
                  }));
                }}
                onRemove={(url) =>
                  setValues((v) => ({
                    ...v,
                    images: v.images.filter((i) => i !== url),
                    style: v.style.roomPhotoUrl === url ? { ...v.style, roomPhotoUrl: v.images.find((i) => i !== url) ?? '' } : v.style,
                  }))
                }
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
              <Stack gap="1">
                <TemplateField value={template} onChange={applyTemplate} />
                <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" mt="3">
                  <ColourField
                    name="primaryColor"
                    label={t('form.primaryColor')}
                    value={primaryColor}
                    error={errorText('style.primaryColor')}
                    onChange={(v) => setLook((next) => withValueAt(next, 'style.primaryColor', v))}
                  />
                  <ColourField
                    name="backgroundColor"
                    label={t('form.backgroundColor')}
                    value={backgroundColor}
                    error={errorText('style.backgroundColor')}
                    onChange={(v) => setLook((next) => withValueAt(next, 'style.backgroundColor', v))}
                  />
                </SimpleGrid>
                <InheritNote
                  field={t('form.inherit.lookField')}
                  inherited={lookInherited}
                  empty={false}
                  onOverride={() => setLook((v) => ({ ...v, style: { ...v.style, primaryColor, backgroundColor } }))}
                  onInherit={() => inherit(lookKeys)}
                />
              </Stack>
              {lowContrast && <StatusAlert status="warning">{t('form.lowContrast')}</StatusAlert>}
              {inverted && <StatusAlert status="info">{t('form.invertedHint')}</StatusAlert>}
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
                <Stack gap="2" w="full">
                  {inherits('area.activities') ? (
                    // The property's list, read-only: adding to it (below) or "Override for this room" makes it the room's own.
                    activities.length > 0 ? (
                      <List.Root ps="5" color="fg.muted" data-testid="inherited-activities">
                        {activities.map((activity) => (
                          <List.Item key={activity} overflowWrap="anywhere">
                            {activity}
                          </List.Item>
                        ))}
                      </List.Root>
                    ) : (
                      <Text color="fg.muted">{t('form.inherit.notSet')}</Text>
                    )
                  ) : (
                    activities.map((activity, index) => (
                      <HStack key={`${index}-${activity}`} gap="2" borderWidth="1px" borderRadius="md" pl="3" data-testid="activity">
                        <Text flex="1" overflowWrap="anywhere">
                          {activity}
                        </Text>
                        <CloseButton size="lg" aria-label={t('form.removeActivity', { activity })} onClick={() => removeActivity(index)} />
                      </HStack>
                    ))
                  )}
                  <HStack gap="2">
                    <Input
                      name="newActivity"
                      size="lg"
                      value={newActivity}
                      placeholder={t('form.activityPlaceholder')}
                      onChange={(e) => setNewActivity(e.target.value)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') {
                          e.preventDefault();
                          addActivity();
                        }
                      }}
                    />
                    <Button variant="outline" minH="11" onClick={addActivity} disabled={newActivity.trim() === ''}>
                      {t('form.addActivity')}
                    </Button>
                  </HStack>
                  <InheritNote
                    field={t('form.activities')}
                    inherited={inherits('area.activities')}
                    empty={activities.length === 0}
                    onOverride={() => override(['area.activities'])}
                    onInherit={() => inherit(['area.activities'])}
                  />
                </Stack>
              </FormField>
              <FormField label={t('form.businessLink')} errorText={errorText('area.businessLink')}>
                {sharedInput('area.businessLink', t('form.businessLink'), 'businessLink', 'url')}
              </FormField>
            </Section>
          </Stack>

          <Box position={{ md: 'sticky' }} top={{ md: '20' }}>
            <ContentCard title={t('form.preview')}>
              <QrCodeView
                look={{
                  data: previewUrl,
                  primaryColor: isHexColour(primaryColor) ? primaryColor : undefined,
                  backgroundColor: isHexColour(backgroundColor) ? backgroundColor : undefined,
                  logoUrl: shown('style.logoUrl'),
                  size: 240,
                }}
                label={t('detail.qrLabel', { name: values.name || t('form.newTitle') })}
              />
              <Text textStyle="xs" color="fg.muted" overflowWrap="anywhere" data-testid="preview-url">
                {previewUrl}
              </Text>
              {saveError && <StatusAlert status="error">{t(saveError)}</StatusAlert>}
              <Flex gap="3" direction="column">
                <Button type="submit" minH="11" size="lg" loading={submitting} loadingText={t(isEdit ? 'form.saving' : 'form.creating')} disabled={uploading}>
                  {t(isEdit ? 'form.save' : 'form.create')}
                </Button>
                <Button
                  variant="outline"
                  minH="11"
                  onClick={() => {
                    // Photos uploaded in a form that is abandoned belong to no room: remove them.
                    void removeRoomImages(userId, uploadedUrls);
                    // Back to the screen the form came from, as the host left it.
                    if (origin !== null) navigate(-1);
                    else navigate(isEdit ? href.roomDetail(propertyId, roomId) : href.rooms(propertyId));
                  }}
                >
                  {t('form.cancel')}
                </Button>
              </Flex>
            </ContentCard>
          </Box>
        </Grid>
      </form>
    </Box>
  );
}
