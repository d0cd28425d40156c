import { Box, Button, Flex, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCurrentTeam } from '@/lib/current-team';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { RequestSettingsCard } from './request-settings-card';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster, toastSaved } from '@/components/toaster';
import { href, paths } from '@/lib/paths';
import { propertiesQuery, useUserId } from '@/lib/data/queries';
import type { PropertyRow } from '@/lib/data/rows';
import { useFirstValue } from '@/lib/use-first-value';
import { propertyFieldErrors } from '../errors';
import { propertyLimits, toPropertyInput, validatePropertyForm, type PropertyFormErrors } from '../property-form-validation';
import { savePropertyMutation } from '../queries';
import { displayPropertyType, type PropertyFormValues } from '../types';

const emptyValues: PropertyFormValues = { name: '', type: '', address: '' };

/**
 * Add (`/dashboard/properties/new`) and edit (`/dashboard/properties/:id/edit`) a property. The property
 * being edited comes from the cached property list (the dashboard has usually read it already).
 */
export default function PropertyFormPage() {
  const { t } = useTranslation('properties');
  const { id } = useParams();
  const userId = useUserId();
  const selectProperty = useCallback((properties: PropertyRow[]) => properties.find((property) => property.id === id) ?? null, [id]);
  const property = useQuery({ ...propertiesQuery(userId), enabled: Boolean(id) && userId !== '', select: selectProperty });
  const title = t(id ? 'form.editTitle' : 'form.newTitle');

  const loaded = property.data ? { name: property.data.name, type: displayPropertyType(property.data.type), address: property.data.address ?? '' } : null;
  const initial = useFirstValue(loaded);

  if (!id) return <PropertyForm id={null} title={title} initial={emptyValues} />;
  if (initial) return <PropertyForm id={id} title={title} initial={initial} />;
  if (userId === '' || property.isPending) return <PageSpinner minHeight="30vh" />;
  return (
    <Box>
      <PageHeader title={title} />
      <Stack gap="4" align="flex-start">
        <StatusAlert status="error">{t(property.isError ? 'errors.load' : 'form.notFound')}</StatusAlert>
        <Button asChild variant="outline" minH="11">
          <RouterLink to={paths.dashboard}>{t('form.backToList')}</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}

function PropertyForm({ id, title, initial }: { id: string | null; title: string; initial: PropertyFormValues }) {
  const { t } = useTranslation('properties');
  const navigate = useNavigate();
  const userId = useUserId();
  const isEdit = id !== null;
  const [values, setValues] = useState<PropertyFormValues>(initial);
  const [errors, setErrors] = useState<PropertyFormErrors>({});
  const save = useMutation(savePropertyMutation);
  // A new property goes into the team the host works in (the route opens only for its owners and admins).
  const teamId = useCurrentTeam().team?.id ?? '';

  const set = (field: keyof PropertyFormValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!userId) {
      toaster.create({ type: 'error', title: t('form.mustBeLoggedIn') });
      return;
    }
    const found = validatePropertyForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const savedId = await save.mutateAsync({ id, teamId, input: toPropertyInput(values) });
      toastSaved(t(id ? 'form.updated' : 'form.created'));
      // A new property's next steps are on its own page (the shared guide, its rooms); an edit returns to the list.
      navigate(id ? paths.dashboard : href.rooms(savedId));
    } catch (error) {
      console.error(id ? 'Failed to update property' : 'Failed to create property', error);
      // The database refused a field: say so at that field; anything else is the spec's save failure.
      const refused = propertyFieldErrors(error);
      if (refused) setErrors(refused);
      else toaster.create({ type: 'error', title: t('form.saveFailed') });
    }
  };

  return (
    <Box maxW="2xl">
      <PageHeader title={title} />
      <ContentCard>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="5">
            <FormField label={t('form.name')} required errorText={errors.name && t(errors.name, { max: propertyLimits.name })}>
              <Input name="name" value={values.name} onChange={set('name')} maxLength={propertyLimits.name + 20} autoComplete="organization" size="lg" />
            </FormField>
            <FormField label={t('form.type')} required errorText={errors.type && t(errors.type)}>
              <NativeSelect.Root size="lg">
                <NativeSelect.Field name="type" value={values.type} onChange={set('type')}>
                  <option value="" disabled>
                    {t('form.typePlaceholder')}
                  </option>
                  <option value="hotel">{t('types.hotel')}</option>
                  <option value="other">{t('types.other')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField
              label={t('form.address')}
              helperText={t('form.addressHelp')}
              errorText={errors.address && t(errors.address, { max: propertyLimits.address })}
            >
              <Textarea name="address" value={values.address} onChange={set('address')} rows={2} autoComplete="street-address" size="lg" />
            </FormField>
            <Flex gap="3" justify="flex-end" wrap="wrap" pt="2">
              <Button asChild variant="outline" minH="11" flex={{ base: '1', sm: '0 0 auto' }}>
                <RouterLink to={paths.dashboard}>{t('form.cancel')}</RouterLink>
              </Button>
              <Button type="submit" minH="11" loading={save.isPending} flex={{ base: '1', sm: '0 0 auto' }}>
                {t(isEdit ? 'form.update' : 'form.create')}
              </Button>
            </Flex>
          </Stack>
        </form>
      </ContentCard>
      {isEdit && (
        <Box mt="5">
          <RequestSettingsCard propertyId={id} />
        </Box>
      )}
    </Box>
  );
}
