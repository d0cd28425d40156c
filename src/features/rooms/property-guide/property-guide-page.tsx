/**
 * The guide content a property's rooms share, typed once: hotel, area, the QR look and the default WiFi. Every room
 * that does not override a field shows the new value at once (get_guide merges the room over its property), so
 * changing the hotel's phone here changes it on every room's guide.
 */
import { Box, Button, HStack, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { LastChangeLine, type LastChange } from '@/components/last-change';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster, toastSaved } from '@/components/toaster';
import { usePropertyTeam } from '@/lib/current-team';
import { useUserId } from '@/lib/data/queries';
import { queryClient } from '@/lib/data/query-client';
import { guideField, guideFields, valueAt, withValueAt, type GuideField, type GuideSection, type GuideTemplate } from '@/lib/guide-fields';
import { href } from '@/lib/paths';
import type { PropertyGuide } from '../api/property-guide';
import { propertyGuideQuery, savePropertyGuideMutation } from '../queries';
import { roomFieldError } from '../errors';
import type { RoomFormErrors } from '../room-form/room-form-validation';
import { templateColors } from '../templates';
import { ColourField } from '../field-inputs/colour-field';
import { FieldInput } from '../field-inputs/field-input';
import { boundOf, fieldHint, fieldLabel, isWide } from '../field-inputs/field-text';
import { PhotoUrlInput } from '../field-inputs/photo-url-input';
import { showsOtherWifiField } from '../field-inputs/other-wifi-slots';
import { TemplateField } from '../field-inputs/template-field';
import { ContrastNotes } from '../room-form/contrast-notes';

/** The shared guide's sections, in the field list's order: only the fields a property sets for its rooms. */
const sharedFields = guideFields.filter((field) => field.inheritable);
const sections: readonly GuideSection[] = [...new Set(sharedFields.map((field) => field.section))];
/** A link to a photo guests see: the property's photo, uploaded here. */
const isPhoto = (field: GuideField) => 'guest' in field && field.guest.display === 'photo';

export default function PropertyGuidePage() {
  const { propertyId = '' } = useParams();
  const userId = useUserId();
  const { t } = useTranslation('rooms');
  const loaded = useQuery({ ...propertyGuideQuery(userId, propertyId), enabled: userId !== '' });
  // Photos go into the folder of the property's team account, as the rooms' do.
  const propertyTeam = usePropertyTeam(propertyId);
  // The form restarts from a newer read (a save, a teammate's change arriving live, the tab shown again) only while
  // the host has nothing typed: what they are typing is never replaced.
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState<{ at: number; data: NonNullable<typeof loaded.data> } | null>(null);
  let current = shown;
  if (loaded.data && (shown === null || (shown.at !== loaded.dataUpdatedAt && !editing))) {
    // React's "information from previous renders" pattern: stored now, drawn at once.
    current = { at: loaded.dataUpdatedAt, data: loaded.data };
    setShown(current);
  }
  if (loaded.isPending) return <PageSpinner />;
  if (loaded.isError || !current) return <StatusAlert title={t('list.propertyNotFound')} />;
  return (
    <PropertyGuideForm
      version={current.at}
      propertyId={propertyId}
      name={current.data.name}
      initial={current.data.guide}
      stored={current.data.stored}
      lastChange={current.data.lastChange}
      imageFolder={propertyTeam.team?.accountUserId ?? userId}
      onEditing={setEditing}
    />
  );
}

function PropertyGuideForm({
  version,
  propertyId,
  name,
  initial,
  stored,
  lastChange,
  imageFolder,
  onEditing,
}: {
  /** Changes when the page hands the form a newer read to show. */
  version: number;
  propertyId: string;
  name: string;
  initial: PropertyGuide;
  stored: Record<string, unknown>;
  lastChange: LastChange;
  imageFolder: string;
  /** true once the host changes a field, false once it is saved. */
  onEditing: (editing: boolean) => void;
}) {
  const { t } = useTranslation('rooms');
  const [guide, setGuide] = useState(initial);
  const [errors, setErrors] = useState<RoomFormErrors>({});
  // A newer read replaces the values in place rather than remounting the form: the inputs, and the focus on the
  // button the host just pressed, stay where they are.
  const [shownVersion, setShownVersion] = useState(version);
  if (shownVersion !== version) {
    setShownVersion(version);
    setGuide(initial);
    setErrors({});
  }
  const save = useMutation(savePropertyGuideMutation);
  const [uploading, setUploading] = useState(false);

  const set = (field: GuideField, value: unknown) => {
    onEditing(true);
    setGuide((current) => withValueAt(current, field.key, value));
    setErrors((current) => (current[field.key] ? { ...current, [field.key]: undefined } : current));
  };
  const errorText = (field: GuideField) => (errors[field.key] ? t(errors[field.key]!, { max: boundOf(field) }) : undefined);
  const applyTemplate = (template: GuideTemplate) => {
    onEditing(true);
    setGuide((current) => ({ ...current, template, style: { ...current.style, ...templateColors[template] } }));
  };
  const text = (field: GuideField) => {
    const value = valueAt(guide, field.key);
    return typeof value === 'string' ? value : '';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync({ propertyId, guide, stored });
      onEditing(false);
      await queryClient.invalidateQueries();
      toastSaved(t('propertyGuide.saved'));
    } catch (error) {
      // The database names the refused field: its message goes next to it, everything typed stays.
      const refused = roomFieldError(error);
      if (!refused) console.error('Saving the property guide failed', error);
      if (refused) setErrors({ [refused.field]: refused.messageKey });
      toaster.create({ type: 'error', title: t(refused ? 'validation.fixErrors' : 'propertyGuide.saveFailed') });
    }
  };

  /** A field's input: the template as a choice, a colour as picker and hex, a list one item per line, else a text. */
  const input = (field: GuideField) => {
    const label = fieldLabel(t, field);
    if (field.kind === 'choice') return <TemplateField value={guide.template} onChange={applyTemplate} />;
    if (field.kind === 'colour')
      return (
        <ColourField
          name={field.key}
          label={label}
          value={text(field)}
          // Left empty, guests get the template's colour: the picker shows that one.
          fallback={templateColors[guide.template][field.key === 'style.primaryColor' ? 'primaryColor' : 'backgroundColor']}
          error={errorText(field)}
          onChange={(v) => set(field, v)}
        />
      );
    const help = fieldHint(t, field, 'sharedHelp') ?? fieldHint(t, field, 'help');
    return (
      <FormField label={label} helperText={help} errorText={errorText(field)}>
        {isPhoto(field) ? (
          <PhotoUrlInput field={field} label={label} value={text(field)} folder={imageFolder} onChange={(v) => set(field, v)} onBusyChange={setUploading} />
        ) : field.kind === 'list' ? (
          <Textarea
            name={field.key}
            size="lg"
            rows={4}
            value={(valueAt(guide, field.key) as string[]).join('\n')}
            onChange={(e) => set(field, e.target.value.split('\n'))}
          />
        ) : (
          <FieldInput field={field} value={text(field)} onChange={(v) => set(field, v)} />
        )}
      </FormField>
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <PageHeader title={t('propertyGuide.title')} description={`${name} · ${t('propertyGuide.intro')}`} />
      <Stack gap="5">
        <LastChangeLine change={lastChange} />
        {sections.map((section) => (
          <ContentCard key={section} title={t(`form.sections.${section}`)}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {sharedFields
                .filter((field) => field.section === section)
                .filter((field) => showsOtherWifiField(field, (key) => text(guideField(key)) !== '', 'shared'))
                .map((field) => (
                  <Box key={field.key} gridColumn={isWide(field) ? '1 / -1' : undefined} minW="0">
                    {input(field)}
                  </Box>
                ))}
            </SimpleGrid>
            {section === 'look' && (
              <ContrastNotes
                primaryColor={guide.style.primaryColor || templateColors[guide.template].primaryColor}
                backgroundColor={guide.style.backgroundColor || templateColors[guide.template].backgroundColor}
              />
            )}
          </ContentCard>
        ))}
        <HStack gap="3" wrap="wrap">
          <Button type="submit" minH="11" loading={save.isPending} disabled={uploading}>
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
