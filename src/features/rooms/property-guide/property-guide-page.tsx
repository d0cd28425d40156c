/**
 * The guide content a property's rooms share, typed once: hotel, area, the QR look and the default WiFi. Every room
 * that does not override a field shows the new value at once (get_guide merges the room over its property), so
 * changing the hotel's phone here changes it on every room's guide.
 */
import { Box, Button, Grid, HStack, Input, Stack, Textarea } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster, toastSaved } from '@/components/toaster';
import { useUserId } from '@/lib/data/queries';
import { queryClient } from '@/lib/data/query-client';
import { href } from '@/lib/paths';
import { savePropertyGuide, type PropertyGuide } from '../api/property-guide';
import { propertyGuideQuery } from '../queries';
import { roomFieldError } from '../errors';
import type { RoomFieldKey, RoomFormErrors } from '../room-form/room-form-validation';
import { templateColors } from '../templates';
import type { GuideTemplate } from '@/lib/guide-fields';
import { ColourField } from '../room-form/colour-field';
import { TemplateField } from '../room-form/template-field';
import { ContrastNotes } from '../room-form/contrast-notes';

export default function PropertyGuidePage() {
  const { propertyId = '' } = useParams();
  const userId = useUserId();
  const { t } = useTranslation('rooms');
  const loaded = useQuery({ ...propertyGuideQuery(userId, propertyId), enabled: userId !== '' });
  if (loaded.isPending) return <PageSpinner />;
  if (loaded.isError) return <StatusAlert title={t('list.propertyNotFound')} />;
  return (
    <PropertyGuideForm key={loaded.dataUpdatedAt} propertyId={propertyId} name={loaded.data.name} initial={loaded.data.guide} content={loaded.data.content} />
  );
}

function PropertyGuideForm({
  propertyId,
  name,
  initial,
  content,
}: {
  propertyId: string;
  name: string;
  initial: PropertyGuide;
  content: Record<string, unknown>;
}) {
  const { t } = useTranslation('rooms');
  const [guide, setGuide] = useState(initial);
  const [activities, setActivities] = useState(initial.area.activities.join('\n'));
  const [errors, setErrors] = useState<RoomFormErrors>({});
  const [saving, setSaving] = useState(false);

  const set = <G extends 'hotel' | 'area' | 'style' | 'wifi'>(group: G, field: keyof PropertyGuide[G], value: string) =>
    setGuide((current) => ({ ...current, [group]: { ...current[group], [field]: value } }));
  const errorText = (key: RoomFieldKey) => (errors[key] ? t(errors[key]!) : undefined);
  const applyTemplate = (template: GuideTemplate) =>
    setGuide((current) => ({ ...current, template, style: { ...current.style, ...templateColors[template] } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSaving(true);
    try {
      await savePropertyGuide(propertyId, { ...guide, area: { ...guide.area, activities: activities.split('\n') } }, content);
      await queryClient.invalidateQueries();
      toastSaved(t('propertyGuide.saved'));
    } catch (error) {
      // The database names the refused field: its message goes next to it, everything typed stays.
      const refused = roomFieldError(error);
      if (!refused) console.error('Saving the property guide failed', error);
      if (refused) setErrors({ [refused.field]: refused.messageKey });
      toaster.create({ type: 'error', title: t(refused ? 'validation.fixErrors' : 'propertyGuide.saveFailed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <PageHeader title={t('propertyGuide.title')} description={`${name} · ${t('propertyGuide.intro')}`} />
      <Stack gap="5">
        <ContentCard title={t('form.sections.hotel')}>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <FormField label={t('form.hotelName')} errorText={errorText('hotel.name')}>
              <Input value={guide.hotel.name} onChange={(e) => set('hotel', 'name', e.target.value)} />
            </FormField>
            <FormField label={t('form.hotelPhone')} errorText={errorText('hotel.phone')}>
              <Input type="tel" value={guide.hotel.phone} onChange={(e) => set('hotel', 'phone', e.target.value)} />
            </FormField>
            <FormField label={t('form.hotelWebsite')} errorText={errorText('hotel.website')}>
              <Input type="url" value={guide.hotel.website} onChange={(e) => set('hotel', 'website', e.target.value)} />
            </FormField>
          </Grid>
          <Box mt="4">
            <FormField label={t('form.hotelDescription')} errorText={errorText('hotel.description')}>
              <Textarea rows={4} value={guide.hotel.description} onChange={(e) => set('hotel', 'description', e.target.value)} />
            </FormField>
          </Box>
        </ContentCard>
        <ContentCard title={t('form.sections.area')}>
          <Stack gap="4">
            <FormField label={t('form.location')} errorText={errorText('area.location')}>
              <Input value={guide.area.location} onChange={(e) => set('area', 'location', e.target.value)} />
            </FormField>
            <FormField label={t('form.activities')} helperText={t('propertyGuide.activitiesHelp')} errorText={errorText('area.activities')}>
              <Textarea rows={4} value={activities} onChange={(e) => setActivities(e.target.value)} />
            </FormField>
            <FormField label={t('form.businessLink')} errorText={errorText('area.businessLink')}>
              <Input type="url" value={guide.area.businessLink} onChange={(e) => set('area', 'businessLink', e.target.value)} />
            </FormField>
          </Stack>
        </ContentCard>
        <ContentCard title={t('form.sections.wifi')}>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <FormField label={t('form.wifiNetwork')} errorText={errorText('wifi.network')}>
              <Input value={guide.wifi.network} autoComplete="off" onChange={(e) => set('wifi', 'network', e.target.value)} />
            </FormField>
            <FormField label={t('form.wifiPassword')} helperText={t('propertyGuide.wifiHelp')} errorText={errorText('wifi.password')}>
              <Input value={guide.wifi.password} autoComplete="off" onChange={(e) => set('wifi', 'password', e.target.value)} />
            </FormField>
          </Grid>
        </ContentCard>
        <ContentCard title={t('form.sections.look')}>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <TemplateField value={guide.template} onChange={applyTemplate} />
            <FormField label={t('form.logoUrl')} helperText={t('form.logoUrlHelp')} errorText={errorText('style.logoUrl')}>
              <Input type="url" value={guide.style.logoUrl} onChange={(e) => set('style', 'logoUrl', e.target.value)} />
            </FormField>
            <ColourField
              name="primaryColor"
              label={t('form.primaryColor')}
              value={guide.style.primaryColor}
              error={errorText('style.primaryColor')}
              onChange={(v) => set('style', 'primaryColor', v)}
            />
            <ColourField
              name="backgroundColor"
              label={t('form.backgroundColor')}
              value={guide.style.backgroundColor}
              error={errorText('style.backgroundColor')}
              onChange={(v) => set('style', 'backgroundColor', v)}
            />
          </Grid>
          <ContrastNotes
            primaryColor={guide.style.primaryColor || templateColors[guide.template].primaryColor}
            backgroundColor={guide.style.backgroundColor || templateColors[guide.template].backgroundColor}
          />
        </ContentCard>
        <HStack gap="3" wrap="wrap">
          <Button type="submit" minH="11" loading={saving}>
            {t('propertyGuide.save')}
          </Button>
          <Button asChild minH="11" variant="outline">
            <RouterLink to={href.rooms(propertyId)}>{t('print.back')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
