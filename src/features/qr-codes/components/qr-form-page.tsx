/**
 * Create (`…/qrcodes/new`) and edit (`…/qrcodes/:id/edit`) a room's QR code: one form for every field
 * of the qr_codes entity. The id of a new code is generated here, before saving, so the preview shows
 * the real QR (its guide URL) while the host types. A new room starts from the property's latest room
 * (hotel, area, style, WiFi). Nothing typed is lost when a save fails.
 */
import { Box, Button, CloseButton, Flex, Grid, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import { href, paths } from '@/lib/paths';
import { isApiError, notFoundCode, quotaCode } from '@/lib/data/api-error';
import { propertiesQuery, roomsQuery, useProfile, useUserId } from '@/lib/data/queries';
import type { PropertyRow, RoomRow } from '@/lib/data/rows';
import { useFirstValue } from '@/lib/use-first-value';
import { removeQrImages } from '../api/remove-qr-images';
import { qrFieldError, qrSaveErrorKey } from '../errors';
import { prefillFromLatestRoom } from '../prefill';
import { createQrCodeMutation, roomQuery, updateQrCodeMutation } from '../queries';
import { guideUrl } from '../qr-file-name';
import { isHexColour, isMissingNameOrRoom, normaliseQrForm, qrFieldLimits, validateQrForm, type QrFieldKey, type QrFormErrors } from '../qr-form-validation';
import { contrastRatio, isInverted, minimumScannableContrast, templateColors } from '../templates';
import type { QrCode, QrFormValues, QrTemplate } from '../types';
import { ImagePicker } from './image-picker';
import { ColourField } from './colour-field';
import { TemplateField } from './template-field';
import { QrCodeView } from './qr-code-view';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ContentCard title={title}>
      <Stack gap="4">{children}</Stack>
    </ContentCard>
  );
}

/** What the form starts from: the room being edited, or a new room prefilled from the property's latest. */
interface FormStart {
  values: QrFormValues;
  prefilled: boolean;
  /** The room's own uploads when the form opened: removed from storage once unused. */
  savedImageUrls: string[];
}

function formValuesOf({ id: _id, propertyId: _p, userId: _u, scanCount: _s, lastScannedAt: _l, createdAt: _c, ...values }: QrCode): QrFormValues {
  return values;
}

/** The id of the property's most recently created room, if it has any. */
function latestRoomId(rooms: readonly RoomRow[]): string | null {
  return rooms.reduce<RoomRow | null>((latest, room) => (latest === null || Date.parse(room.created_at) > Date.parse(latest.created_at) ? room : latest), null)?.id ?? null;
}

/** Loads what the form starts from (cached reads shared with the lists and the detail page), then shows it, once. */
export default function QrFormPage() {
  const { t } = useTranslation('qr');
  const { propertyId = '', id } = useParams();
  const isEdit = Boolean(id);
  const userId = useUserId();
  const [qrId] = useState(() => id ?? crypto.randomUUID());

  const selectProperty = useCallback((properties: PropertyRow[]) => properties.some((property) => property.id === propertyId), [propertyId]);
  const selectLatestRoom = useCallback((rooms: RoomRow[]) => latestRoomId(rooms.filter((room) => room.property_id === propertyId)), [propertyId]);
  const propertyExists = useQuery({ ...propertiesQuery(userId), enabled: userId !== '' && !isEdit, select: selectProperty });
  const latestRoom = useQuery({ ...roomsQuery(userId), enabled: userId !== '' && !isEdit, select: selectLatestRoom });
  const sourceId = isEdit ? qrId : (latestRoom.data ?? null);
  const source = useQuery({ ...roomQuery(userId, sourceId ?? ''), enabled: userId !== '' && sourceId !== null });

  const title = t(isEdit ? 'form.editTitle' : 'form.newTitle');
  let start: FormStart | 'loading' | 'notFound' | 'error';
  if (userId === '') start = 'loading';
  else if (isEdit) {
    if (source.isPending) start = 'loading';
    else if (source.isError) start = isApiError(source.error, notFoundCode) ? 'notFound' : 'error';
    else if (source.data.propertyId !== propertyId) start = 'notFound';
    else start = { values: formValuesOf(source.data), prefilled: false, savedImageUrls: source.data.images };
  } else if (propertyExists.isError || latestRoom.isError || source.isError) start = 'error';
  else if (propertyExists.isPending || latestRoom.isPending || (sourceId !== null && source.isPending)) start = 'loading';
  else if (!propertyExists.data) start = 'notFound';
  else start = { values: prefillFromLatestRoom(source.data ? [source.data] : []), prefilled: Boolean(source.data), savedImageUrls: [] };
  const started = useFirstValue(typeof start === 'string' ? null : start);
  if (started) return <QrForm userId={userId} propertyId={propertyId} qrId={qrId} isEdit={isEdit} start={started} />;

  if (start === 'loading') return <PageSpinner minHeight="30vh" />;
  return (
    <Box>
      <PageHeader title={title} />
      <Stack gap="4" align="flex-start">
        <StatusAlert status="error">{t(start === 'notFound' ? (isEdit ? 'errors.notFound' : 'list.propertyNotFound') : 'errors.fetchFailed')}</StatusAlert>
        <Button asChild variant="outline" minH="11">
          <RouterLink to={href.qrCodes(propertyId)}>{t('detail.back')}</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}

function QrForm({ userId, propertyId, qrId, isEdit, start }: { userId: string; propertyId: string; qrId: string; isEdit: boolean; start: FormStart }) {
  const { t } = useTranslation('qr');
  const navigate = useNavigate();
  const { profile, query: profileQuery } = useProfile();
  const usage = profile ? { used: profile.qr_codes_created, limit: profile.qr_code_limit } : null;
  const [values, setValues] = useState<QrFormValues>(start.values);
  const [errors, setErrors] = useState<QrFormErrors>({});
  const creation = useMutation(createQrCodeMutation);
  const update = useMutation(updateQrCodeMutation);
  const submitting = creation.isPending || update.isPending;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [newActivity, setNewActivity] = useState('');
  /** Uploads since the form opened (with the room's own, `start.savedImageUrls`): removed from storage once unused. */
  const [uploadedUrls, setUploadedUrls] = useState<string[]>([]);

  const clearError = (key: QrFieldKey) => setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  const setField = <K extends 'name' | 'roomNumber'>(key: K, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  };
  const setGroup = <G extends 'hotel' | 'area' | 'style' | 'wifi'>(group: G, key: keyof QrFormValues[G] & string, value: string) => {
    setValues((v) => ({ ...v, [group]: { ...v[group], [key]: value } }));
    clearError(`${group}.${key}` as QrFieldKey);
  };
  const applyTemplate = (template: QrTemplate) => {
    setValues((v) => ({ ...v, template, style: { ...v.style, ...templateColors[template] } }));
    setErrors((e) => ({ ...e, 'style.primaryColor': undefined, 'style.backgroundColor': undefined }));
  };
  const addActivity = () => {
    const activity = newActivity.trim();
    if (activity === '') return;
    setValues((v) => ({ ...v, area: { ...v.area, activities: [...v.area.activities, activity] } }));
    setNewActivity('');
  };
  const removeActivity = (index: number) =>
    setValues((v) => ({ ...v, area: { ...v.area, activities: v.area.activities.filter((_, i) => i !== index) } }));

  const errorText = (key: QrFieldKey, max?: number) => {
    const code = errors[key];
    return code ? t(code, { max }) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    if (!userId) {
      toaster.create({ type: 'error', title: t('form.mustBeLoggedIn') });
      return;
    }
    const normalised = normaliseQrForm(values);
    const found = validateQrForm(normalised);
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
    try {
      if (isEdit) await update.mutateAsync({ id: qrId, values: normalised });
      else await creation.mutateAsync({ id: qrId, propertyId, values: normalised });
      toaster.create({ type: 'success', title: t(isEdit ? 'form.updated' : 'form.created') });
      const kept = new Set([...normalised.images, normalised.style.roomPhotoUrl, normalised.style.logoUrl]);
      void removeQrImages(userId, [...start.savedImageUrls, ...uploadedUrls].filter((url) => !kept.has(url)));
      navigate(isEdit ? href.qrCodeDetail(propertyId, qrId) : paths.dashboard);
    } catch (error) {
      console.error('Saving the QR code failed', error);
      // The database refused one field: its message goes next to that field, the rest stays as typed.
      const refused = qrFieldError(error);
      if (refused) {
        setErrors({ [refused.field]: refused.messageKey });
        toaster.create({ type: 'error', title: t('validation.fixErrors') });
        return;
      }
      const key = qrSaveErrorKey(error, isEdit);
      setSaveError(key);
      toaster.create({ type: 'error', title: t(key) });
      if (isApiError(error, quotaCode)) void profileQuery.refetch();
    }
  };

  const title = t(isEdit ? 'form.editTitle' : 'form.newTitle');
  const atLimit = !isEdit && usage !== null && usage.used >= usage.limit;
  const lowContrast =
    isHexColour(values.style.primaryColor) &&
    isHexColour(values.style.backgroundColor) &&
    contrastRatio(values.style.primaryColor, values.style.backgroundColor) < minimumScannableContrast;
  const inverted =
    !lowContrast && isHexColour(values.style.primaryColor) && isHexColour(values.style.backgroundColor) && isInverted(values.style.primaryColor, values.style.backgroundColor);
  const previewUrl = guideUrl(window.location.origin, qrId);

  return (
    <Box>
      <PageHeader title={title} description={usage ? <span data-testid="qr-usage">{t('form.usage', { used: usage.used, limit: usage.limit })}</span> : undefined} />
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
      {start.prefilled && (
        <Box mb="5">
          <StatusAlert status="info">{t('form.prefilled')}</StatusAlert>
        </Box>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        {/* From tablet width the preview and the save button stay in view beside the form. */}
        <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) 280px', xl: 'minmax(0, 1fr) 320px' }} gap="5" alignItems="start">
          <Stack gap="5" minW="0">
            <Section title={t('form.sections.room')}>
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                <FormField label={t('form.name')} required errorText={errorText('name', qrFieldLimits.name)}>
                  <Input name="name" size="lg" value={values.name} placeholder={t('form.namePlaceholder')} onChange={(e) => setField('name', e.target.value)} />
                </FormField>
                <FormField label={t('form.roomNumber')} required errorText={errorText('roomNumber', qrFieldLimits.roomNumber)}>
                  <Input name="roomNumber" size="lg" value={values.roomNumber} placeholder="101" onChange={(e) => setField('roomNumber', e.target.value)} />
                </FormField>
              </SimpleGrid>
            </Section>

            <Section title={t('form.sections.wifi')}>
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                <FormField label={t('form.wifiNetwork')} errorText={errorText('wifi.network')}>
                  <Input name="wifiNetwork" size="lg" autoComplete="off" value={values.wifi.network} onChange={(e) => setGroup('wifi', 'network', e.target.value)} />
                </FormField>
                <FormField label={t('form.wifiPassword')} helperText={t('form.wifiPasswordHelp')} errorText={errorText('wifi.password', qrFieldLimits.wifiPassword)}>
                  <Input name="wifiPassword" size="lg" autoComplete="off" spellCheck={false} value={values.wifi.password} onChange={(e) => setGroup('wifi', 'password', e.target.value)} />
                </FormField>
              </SimpleGrid>
            </Section>

            <Section title={t('form.sections.photos')}>
              <ImagePicker
                userId={userId}
                maxImages={qrFieldLimits.images}
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
                onChooseRoomPhoto={(url) => setGroup('style', 'roomPhotoUrl', url)}
              />
              <FormField label={t('form.roomPhotoUrl')} helperText={t('form.roomPhotoUrlHelp')} errorText={errorText('style.roomPhotoUrl')}>
                <Input name="roomPhotoUrl" type="url" inputMode="url" size="lg" value={values.style.roomPhotoUrl} placeholder="https://" onChange={(e) => setGroup('style', 'roomPhotoUrl', e.target.value)} />
              </FormField>
            </Section>

            <Section title={t('form.sections.look')}>
              <TemplateField value={values.template} onChange={applyTemplate} />
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                <ColourField name="primaryColor" label={t('form.primaryColor')} value={values.style.primaryColor} error={errorText('style.primaryColor')} onChange={(v) => setGroup('style', 'primaryColor', v)} />
                <ColourField name="backgroundColor" label={t('form.backgroundColor')} value={values.style.backgroundColor} error={errorText('style.backgroundColor')} onChange={(v) => setGroup('style', 'backgroundColor', v)} />
              </SimpleGrid>
              {lowContrast && <StatusAlert status="warning">{t('form.lowContrast')}</StatusAlert>}
              {inverted && <StatusAlert status="info">{t('form.invertedHint')}</StatusAlert>}
              <FormField label={t('form.logoUrl')} helperText={t('form.logoUrlHelp')} errorText={errorText('style.logoUrl')}>
                <Input name="logoUrl" type="url" inputMode="url" size="lg" value={values.style.logoUrl} placeholder="https://" onChange={(e) => setGroup('style', 'logoUrl', e.target.value)} />
              </FormField>
            </Section>

            <Section title={t('form.sections.hotel')}>
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                <FormField label={t('form.hotelName')} errorText={errorText('hotel.name', qrFieldLimits.hotelName)}>
                  <Input name="hotelName" size="lg" value={values.hotel.name} onChange={(e) => setGroup('hotel', 'name', e.target.value)} />
                </FormField>
                <FormField label={t('form.hotelPhone')} errorText={errorText('hotel.phone', qrFieldLimits.phone)}>
                  <Input name="hotelPhone" type="tel" inputMode="tel" size="lg" value={values.hotel.phone} onChange={(e) => setGroup('hotel', 'phone', e.target.value)} />
                </FormField>
              </SimpleGrid>
              <FormField label={t('form.hotelWebsite')} errorText={errorText('hotel.website')}>
                <Input name="hotelWebsite" type="url" inputMode="url" size="lg" value={values.hotel.website} placeholder="https://" onChange={(e) => setGroup('hotel', 'website', e.target.value)} />
              </FormField>
              <FormField label={t('form.hotelDescription')} errorText={errorText('hotel.description', qrFieldLimits.description)}>
                <Textarea name="hotelDescription" size="lg" rows={3} value={values.hotel.description} onChange={(e) => setGroup('hotel', 'description', e.target.value)} />
              </FormField>
            </Section>

            <Section title={t('form.sections.area')}>
              <FormField label={t('form.location')} errorText={errorText('area.location', qrFieldLimits.location)}>
                <Input name="location" size="lg" value={values.area.location} onChange={(e) => setGroup('area', 'location', e.target.value)} />
              </FormField>
              <FormField label={t('form.activities')} errorText={errorText('area.activities', qrFieldLimits.activity)}>
                <Stack gap="2" w="full">
                  {values.area.activities.map((activity, index) => (
                    <HStack key={`${index}-${activity}`} gap="2" borderWidth="1px" borderRadius="md" pl="3" data-testid="activity">
                      <Text flex="1" overflowWrap="anywhere">
                        {activity}
                      </Text>
                      <CloseButton size="lg" aria-label={t('form.removeActivity', { activity })} onClick={() => removeActivity(index)} />
                    </HStack>
                  ))}
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
                </Stack>
              </FormField>
              <FormField label={t('form.businessLink')} errorText={errorText('area.businessLink')}>
                <Input name="businessLink" type="url" inputMode="url" size="lg" value={values.area.businessLink} placeholder="https://" onChange={(e) => setGroup('area', 'businessLink', e.target.value)} />
              </FormField>
            </Section>
          </Stack>

          <Box position={{ md: 'sticky' }} top={{ md: '20' }}>
            <ContentCard title={t('form.preview')}>
              <QrCodeView
                look={{
                  data: previewUrl,
                  primaryColor: isHexColour(values.style.primaryColor) ? values.style.primaryColor : undefined,
                  backgroundColor: isHexColour(values.style.backgroundColor) ? values.style.backgroundColor : undefined,
                  logoUrl: values.style.logoUrl,
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
                    void removeQrImages(userId, uploadedUrls);
                    navigate(isEdit ? href.qrCodeDetail(propertyId, qrId) : href.qrCodes(propertyId));
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
