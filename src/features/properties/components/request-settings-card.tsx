/**
 * A property's guest request settings, on its edit page: requests on or off, the types guests may choose (named as
 * the guide names them) and the addresses emailed for each new request.
 */
import { Button, Flex, Heading, Stack, Switch, Text, Textarea, chakra } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { lightCheckboxBox } from '@/components/light-checkbox';
import { toaster } from '@/components/toaster';
import { useUserId } from '@/lib/data/queries';
import { GUEST_REQUEST_TYPES, REQUEST_TYPE_LABELS } from '@/lib/guest-requests';
import type { StoredRequestSettings } from '../api/request-settings';
import { requestSettingsQuery, saveRequestSettingsMutation } from '../queries';
import { parseEmails, settingsErrors, type RequestSettings } from '../request-settings';

export function RequestSettingsCard({ propertyId }: { propertyId: string }) {
  const userId = useUserId();
  const stored = useQuery({ ...requestSettingsQuery(userId, propertyId), enabled: userId !== '' });
  if (!stored.data) return null;
  return <RequestSettingsForm key={propertyId} propertyId={propertyId} stored={stored.data} />;
}

function RequestSettingsForm({ propertyId, stored }: { propertyId: string; stored: StoredRequestSettings }) {
  const { t } = useTranslation('requests');
  const { t: requestText } = useTranslation('guest-requests');
  const save = useMutation(saveRequestSettingsMutation);
  const [settings, setSettings] = useState<RequestSettings>({ enabled: stored.enabled, types: stored.types, emails: stored.emails.join(', ') });
  const [shownErrors, setShownErrors] = useState<ReturnType<typeof settingsErrors>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = settingsErrors(settings);
    setShownErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ propertyId, settings: { enabled: settings.enabled, types: settings.types, emails: parseEmails(settings.emails) } });
      toaster.create({ type: 'success', title: t('settings.saved') });
    } catch (error) {
      console.error('Failed to save request settings', error);
      toaster.create({ type: 'error', title: t('card.saveFailed') });
    }
  };

  return (
    <ContentCard>
      <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="request-settings-title">
        <Stack gap="5">
          <Stack gap="1">
            <Heading as="h2" size="lg" id="request-settings-title">
              {t('settings.title')}
            </Heading>
            <Text color="fg.muted">{t('settings.description')}</Text>
          </Stack>
          <Switch.Root checked={settings.enabled} onCheckedChange={({ checked }) => setSettings({ ...settings, enabled: checked })}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>{t('settings.enabled')}</Switch.Label>
          </Switch.Root>
          <chakra.fieldset border="0" p="0" m="0" aria-invalid={Boolean(shownErrors.types) || undefined}>
            <chakra.legend fontWeight="medium" mb="2">
              {t('settings.types')}
            </chakra.legend>
            <Flex gap="4" wrap="wrap">
              {GUEST_REQUEST_TYPES.map((type) => (
                <chakra.label key={type} display="flex" alignItems="center" gap="2" minH="11" cursor="pointer">
                  <chakra.input
                    type="checkbox"
                    {...lightCheckboxBox}
                    checked={settings.types.includes(type)}
                    onChange={(event) =>
                      setSettings({
                        ...settings,
                        types: event.target.checked ? [...settings.types, type] : settings.types.filter((item) => item !== type),
                      })
                    }
                  />
                  {requestText(REQUEST_TYPE_LABELS[type])}
                </chakra.label>
              ))}
            </Flex>
            {shownErrors.types && (
              <Text color="fg.error" textStyle="sm" mt="1" role="alert">
                {t(`settings.${shownErrors.types}`)}
              </Text>
            )}
          </chakra.fieldset>
          <FormField label={t('settings.emails')} helperText={t('settings.emailsHelp')} errorText={shownErrors.emails && t(`settings.${shownErrors.emails}`)}>
            <Textarea rows={2} value={settings.emails} onChange={(event) => setSettings({ ...settings, emails: event.target.value })} autoComplete="off" />
          </FormField>
          <Flex justify="flex-end">
            <Button type="submit" minH="11" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Flex>
        </Stack>
      </form>
    </ContentCard>
  );
}
