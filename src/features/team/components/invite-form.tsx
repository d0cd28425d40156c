import { Button, Checkbox, Code, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { toaster } from '@/components/toaster';
import { href } from '@/lib/paths';
import { teamErrorKey } from '../errors';
import { inviteMutation } from '../queries';
import { emailInvitation } from '../api/invitations';
import { invitableRoles, type TeamRole } from '../types';

/**
 * Invites someone by address with a role and, for an editor or front desk, optionally some properties, and emails them
 * the link. The link is also shown once (to send by hand when the email could not go out); nothing typed is lost when
 * the database refuses.
 */
export function InviteForm({ teamId, properties }: { teamId: string; properties: { id: string; name: string }[] }) {
  const { t, i18n } = useTranslation('team');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('editor');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<{ email: string; url: string; emailed: boolean } | null>(null);
  const [emailing, setEmailing] = useState(false);
  const invite = useMutation(inviteMutation);
  const limited = role === 'editor' || role === 'front_desk';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const { token } = await invite.mutateAsync({ teamId, email, role, propertyIds: limited && chosen.length > 0 ? chosen : null });
      const invited = email.trim();
      setEmail('');
      setChosen([]);
      setEmailing(true);
      const emailed = await emailInvitation(token, i18n.resolvedLanguage ?? 'en').finally(() => setEmailing(false));
      setLink({ email: invited, url: `${window.location.origin}${href.invitation(token)}`, emailed });
    } catch (failure) {
      const key = teamErrorKey(failure);
      setError(key);
      toaster.create({ type: 'error', title: t(key) });
    }
  };

  return (
    <ContentCard title={t('invite.title')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="4">
          <Flex gap="4" direction={{ base: 'column', md: 'row' }}>
            <FormField label={t('invite.email')} errorText={error ? t(error) : undefined}>
              <Input name="email" type="email" inputMode="email" autoComplete="off" size="lg" value={email} onChange={(e) => setEmail(e.target.value)} />
            </FormField>
            <FormField label={t('invite.role')}>
              <NativeSelect.Root size="lg">
                <NativeSelect.Field name="role" value={role} onChange={(e) => setRole(e.target.value as TeamRole)}>
                  {invitableRoles.map((choice) => (
                    <option key={choice} value={choice}>
                      {t(`common:team.roles.${choice}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </Flex>
          <Text textStyle="sm" color="fg.muted">
            {t(`roleHelp.${role}`)}
          </Text>
          {limited && properties.length > 1 && (
            <Stack gap="2" as="fieldset">
              <Text as="legend" fontWeight="medium">
                {t('invite.properties')}
              </Text>
              {properties.map((property) => (
                <Checkbox.Root
                  key={property.id}
                  size="lg"
                  minH="10"
                  checked={chosen.includes(property.id)}
                  onCheckedChange={(details) =>
                    setChosen((current) => (details.checked === true ? [...current, property.id] : current.filter((id) => id !== property.id)))
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{property.name}</Checkbox.Label>
                </Checkbox.Root>
              ))}
              <Text textStyle="xs" color="fg.muted">
                {t('invite.propertiesHelp')}
              </Text>
            </Stack>
          )}
          <Button type="submit" minH="11" alignSelf="flex-start" loading={invite.isPending || emailing}>
            {t('invite.send')}
          </Button>
          {link && (
            <Stack gap="2" role="status" borderWidth="1px" borderRadius="md" p="3">
              <Text>{t(link.emailed ? 'invite.emailed' : 'invite.notEmailed', { email: link.email })}</Text>
              <Code overflowWrap="anywhere" whiteSpace="normal" data-testid="invitation-link">
                {link.url}
              </Code>
              <Button
                size="sm"
                minH="10"
                variant="outline"
                alignSelf="flex-start"
                onClick={() => void navigator.clipboard?.writeText(link.url).then(() => toaster.create({ type: 'success', title: t('invite.copied') }))}
              >
                {t('invite.copy')}
              </Button>
            </Stack>
          )}
        </Stack>
      </form>
    </ContentCard>
  );
}
