import { Button, Stack } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { isApiError, notFoundCode } from '@/lib/data/api-error';

/** A translations screen's loading and failure states around its content. */
export function LoadedOr<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('translations');
  if (query.isPending) return <PageSpinner />;
  if (query.isError) {
    const missing = isApiError(query.error, notFoundCode) || isApiError(query.error, '22P02');
    return (
      <Stack gap="4" align="flex-start">
        <StatusAlert>{missing ? t('notFound') : t('loadError')}</StatusAlert>
        {!missing && (
          <Button minH="11" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        )}
      </Stack>
    );
  }
  return <>{children(query.data)}</>;
}
