/**
 * Create (`…/qrcodes/new`) and edit (`…/qrcodes/:id/edit`) a room's QR code: one form for every field
 * of the qr_codes entity. The id of a new code is generated here, before saving, so the preview shows
 * the real QR (its guide URL) while the host types. A new room starts from the property's latest room
 * (hotel, area, style, WiFi). Nothing typed is lost when a save fails.
 */
import { Box, Button, CloseButton, Flex, Grid, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import { href, paths } from '@/app/paths';
import { useAuth, useProfile } from '@/lib/session';
import { createQrCode } from '../api/create-qr-code';
import { getPropertyName } from '../api/get-property-name';
import { getQrCode } from '../api/get-qr-code';
import { getQrUsage, type QrUsage } from '../api/get-qr-usage';
import { listQrCodes } from '../api/list-qr-codes';
import { removeQrImages } from '../api/remove-qr-images';
import { updateQrCode } from '../api/update-qr-code';
import { QrCodeError, type QrErrorKind } from '../errors';
import { prefillFromLatestRoom } from '../prefill';
import { guideUrl } from '../qr-file-name';
import { isHexColour, isMissingNameOrRoom, normaliseQrForm, qrFieldLimits, validateQrForm, type QrFieldKey, type QrFormErrors } from '../qr-form-validation';
import { contrastRatio, isInverted, minimumScannableContrast, templateColors } from '../templates';
import { emptyQrFormValues, qrTemplates, type QrFormValues, type QrTemplate } from '../types';
import { ImagePicker } from './image-picker';
import { QrCodeView } from './qr-code-view';

type LoadState = 'loading' | 'ready' | 'notFound' | 'error';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ContentCard title={title}>
      <Stack gap="4">{children}</Stack>
    </ContentCard>
  );
}

function ColourField({ name, label, value, error, onChange }: { name: string; label: string; value: string; error?: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <FormField label={label} errorText={error}>
      <HStack gap="2" w="full">
        <Input
          type="color"
          id={`${id}-picker`}
          aria-label={label}
          value={isHexColour(value) ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          w="14"
          minW="14"
          h="11"
          p="1"
          cursor="pointer"
        />
        <Input name={name} value={value} onChange={(e) => onChange(e.target.value)} fontFamily="mono" maxLength={7} spellCheck={false} size="lg" />
      </HStack>
    </FormField>
  );
}

export default function QrFormPage() {
  const { t } = useTranslation('qr');
  const { propertyId = '', id } = useParams();
  const isEdit = Boolean(id);
  const navigate = useNavigate();
  const { user } = useAuth();
  const { refresh: refreshProfile } = useProfile();
  const userId = user?.id ?? null;
  const [qrId] = useState(() => id ?? crypto.randomUUID());
  const [values, setValues] = useState<QrFormValues>(emptyQrFormValues);
  const [loadState, setLoadState] = useState<LoadState>('loading');
  const [prefilledFrom, setPrefilledFrom] = useState(false);
  const [usage, setUsage] = useState<QrUsage | null>(null);
  const [errors, setErrors] = useState<QrFormErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [saveError, setSaveError] = useState<QrErrorKind | null>(null);
  const [uploading, setUploading] = useState(false);
  const [newActivity, setNewActivity] = useState('');
  /** The room's own uploads when the form opened, and uploads since: removed from storage once unused. */
  const [savedImageUrls, setSavedImageUrls] = useState<string[]>([]);
  const [uploadedUrls, setUploadedUrls] = useState<string[]>([]);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    const load = async () => {
      if (id) {
        const code = await getQrCode(id);
        if (code.propertyId !== propertyId) throw new QrCodeError('notFound');
        const { id: _id, propertyId: _p, userId: _u, scanCount: _s, lastScannedAt: _l, createdAt: _c, ...formValues } = code;
        return { values: formValues, prefilled: false };
      }
      const [propertyName, rooms] = await Promise.all([getPropertyName(propertyId), listQrCodes(userId, propertyId)]);
      if (propertyName === null) throw new QrCodeError('notFound');
      return { values: prefillFromLatestRoom(rooms), prefilled: rooms.length > 0 };
    };
    load().then(
      (loaded) => {
        if (cancelled) return;
        setValues(loaded.values);
        setPrefilledFrom(loaded.prefilled);
        if (!loaded.prefilled) setSavedImageUrls(loaded.values.images);
        setLoadState('ready');
      },
      (error: unknown) => {
        if (cancelled) return;
        if (error instanceof QrCodeError && error.kind === 'notFound') setLoadState('notFound');
        else {
          console.error('Failed to load the form', error);
          setLoadState('error');
        }
      },
    );
    getQrUsage(userId).then(
      (u) => !cancelled && setUsage(u),
      (error: unknown) => console.error('Failed to read the QR code quota', error),
    );
    return () => {
      cancelled = true;
    };
  }, [id, propertyId, userId]);

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
    setSubmitting(true);
    try {
      if (isEdit) await updateQrCode(qrId, normalised);
      else await createQrCode(qrId, propertyId, normalised);
      toaster.create({ type: 'success', title: t(isEdit ? 'form.updated' : 'form.created') });
      const kept = new Set([...normalised.images, normalised.style.roomPhotoUrl, normalised.style.logoUrl]);
      void removeQrImages(userId, [...savedImageUrls, ...uploadedUrls].filter((url) => !kept.has(url)));
      void refreshProfile();
      navigate(isEdit ? href.qrCodeDetail(propertyId, qrId) : paths.dashboard);
    } catch (error) {
      const kind = error instanceof QrCodeError ? error.kind : isEdit ? 'updateFailed' : 'createFailed';
      console.error('Saving the QR code failed', error);
      setSaveError(kind);
      toaster.create({ type: 'error', title: t(saveErrorKey(kind, isEdit)) });
      if (kind === 'limitReached') getQrUsage(userId).then(setUsage, () => undefined);
      setSubmitting(false);
    }
  };

  const title = t(isEdit ? 'form.editTitle' : 'form.newTitle');
  if (loadState === 'loading' || !userId) return <PageSpinner minHeight="30vh" />;
  if (loadState !== 'ready') {
    return (
      <Box>
        <PageHeader title={title} />
        <Stack gap="4" align="flex-start">
          <StatusAlert status="error">{t(loadState === 'notFound' ? (isEdit ? 'errors.notFound' : 'list.propertyNotFound') : 'errors.fetchFailed')}</StatusAlert>
          <Button asChild variant="outline" minH="11">
            <RouterLink to={href.qrCodes(propertyId)}>{t('detail.back')}</RouterLink>
          </Button>
        </Stack>
      </Box>
    );
  }

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
      {prefilledFrom && (
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
              <FormField label={t('form.template')}>
                <NativeSelect.Root size="lg">
                  <NativeSelect.Field name="template" value={values.template} onChange={(e) => applyTemplate(e.target.value as QrTemplate)}>
                    {qrTemplates.map((template) => (
                      <option key={template} value={template}>
                        {t(`templates.${template}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
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
              {saveError && <StatusAlert status="error">{t(saveErrorKey(saveError, isEdit))}</StatusAlert>}
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

/** The message for a failed save: the quota, invalid input, or the spec's create/update failure. */
function saveErrorKey(kind: QrErrorKind, isEdit: boolean): string {
  if (kind === 'limitReached') return 'errors.limitReached';
  if (kind === 'invalidInput') return 'errors.invalidInput';
  if (kind === 'notFound') return 'errors.notFound';
  return isEdit ? 'form.updateFailed' : 'form.createFailed';
}
