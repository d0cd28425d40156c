import { Box, Button, Flex, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toaster } from '@/components/toaster';
import { paths } from '@/app/paths';
import { useAuth } from '@/lib/session';
import { createProperty } from '../api/create-property';
import { getProperty } from '../api/get-property';
import { updateProperty } from '../api/update-property';
import { propertyLimits, toPropertyInput, validatePropertyForm, type PropertyFormErrors } from '../property-form-validation';
import type { PropertyFormValues } from '../types';

type LoadState = 'loading' | 'ready' | 'notFound' | 'error';

/** Add (`/dashboard/properties/new`) and edit (`/dashboard/properties/:id/edit`) a property. */
export default function PropertyFormPage() {
  const { t } = useTranslation('properties');
  const { id } = useParams();
  const isEdit = Boolean(id);
  const navigate = useNavigate();
  const { user } = useAuth();
  const [values, setValues] = useState<PropertyFormValues>({ name: '', type: '', address: '' });
  const [errors, setErrors] = useState<PropertyFormErrors>({});
  const [loadState, setLoadState] = useState<LoadState>(isEdit ? 'loading' : 'ready');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    getProperty(id).then(
      (property) => {
        if (cancelled) return;
        if (!property) return setLoadState('notFound');
        setValues({ name: property.name, type: property.type, address: property.address ?? '' });
        setLoadState('ready');
      },
      (error: unknown) => {
        console.error('Failed to load property', error);
        if (!cancelled) setLoadState('error');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id]);

  const set = (field: keyof PropertyFormValues) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toaster.create({ type: 'error', title: t('form.mustBeLoggedIn') });
      return;
    }
    const found = validatePropertyForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (id) await updateProperty(id, toPropertyInput(values));
      else await createProperty(toPropertyInput(values));
      toaster.create({ type: 'success', title: t(id ? 'form.updated' : 'form.created') });
      navigate(paths.dashboard);
    } catch (error) {
      console.error(id ? 'Failed to update property' : 'Failed to create property', error);
      toaster.create({ type: 'error', title: t('form.saveFailed') });
      setSaving(false);
    }
  };

  const title = t(isEdit ? 'form.editTitle' : 'form.newTitle');
  if (loadState === 'loading') return <PageSpinner minHeight="30vh" />;
  if (loadState === 'notFound' || loadState === 'error') {
    return (
      <Box>
        <PageHeader title={title} />
        <Stack gap="4" align="flex-start">
          <StatusAlert status="error">{t(loadState === 'notFound' ? 'form.notFound' : 'errors.load')}</StatusAlert>
          <Button asChild variant="outline" minH="11">
            <RouterLink to={paths.dashboard}>{t('form.backToList')}</RouterLink>
          </Button>
        </Stack>
      </Box>
    );
  }

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
              <Button type="submit" minH="11" loading={saving} flex={{ base: '1', sm: '0 0 auto' }}>
                {t(isEdit ? 'form.update' : 'form.create')}
              </Button>
            </Flex>
          </Stack>
        </form>
      </ContentCard>
    </Box>
  );
}
