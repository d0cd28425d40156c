/** Owners and admins name the team (the switcher and invitation emails show it); empty goes back to the founder's address. */
import { Button, Flex, Input } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { toaster, toastSaved } from '@/components/toaster';
import { teamErrorKey } from '../errors';
import { renameTeamMutation } from '../queries';

const maxNameLength = 120;

export function TeamNameForm({ teamId, name, placeholder }: { teamId: string; name: string | null; placeholder: string }) {
  const { t } = useTranslation('team');
  const [value, setValue] = useState(name ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const rename = useMutation(renameTeamMutation);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (trimmed.length > maxNameLength) {
      setProblem(t('name.tooLong'));
      return;
    }
    setProblem(null);
    rename.mutate(
      { teamId, name: trimmed === '' ? null : trimmed },
      {
        onSuccess: () => toastSaved(t('name.saved')),
        onError: (error) => toaster.create({ type: 'error', title: t(teamErrorKey(error)) }),
      },
    );
  };

  return (
    <ContentCard title={t('name.label')}>
      <form onSubmit={submit} noValidate>
        <Flex gap="3" align="flex-end" wrap="wrap">
          <FormField label={t('name.label')} helperText={t('name.help')} errorText={problem ?? undefined}>
            <Input name="team-name" size="lg" maxW="md" value={value} placeholder={placeholder} onChange={(event) => setValue(event.target.value)} />
          </FormField>
          <Button type="submit" minH="11" loading={rename.isPending}>
            {t('name.save')}
          </Button>
        </Flex>
      </form>
    </ContentCard>
  );
}
