import { Button } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toaster } from '@/components/toaster';
import { machineTranslationQuery, translateMissingMutation } from '../queries';

/** Fills the missing languages by machine, for the host to review; only where the deployment has a provider key. */
export function TranslateMissingButton({ target }: { target: { property_id: string } | { room_id: string } }) {
  const { t } = useTranslation('translations');
  const available = useQuery(machineTranslationQuery);
  const translate = useMutation(translateMissingMutation);
  if (available.data !== true) return null;
  return (
    <Button
      minH="11"
      variant="outline"
      loading={translate.isPending}
      onClick={() =>
        translate.mutate(target, {
          onSuccess: ({ translated }) => toaster.create({ type: 'success', title: t('translated', { count: translated }) }),
          onError: () => toaster.create({ type: 'error', title: t('translateFailed') }),
        })
      }
    >
      {t('translateMissing')}
    </Button>
  );
}
