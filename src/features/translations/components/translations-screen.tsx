import { Button, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { languageNames, type Language } from '@/lib/languages';
import { TranslateMissingButton } from './translate-missing-button';
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

/** The screen's top: its title, what it is for and the texts' original language, machine translation and the way back. */
export function TranslationsHeader({
  title,
  original,
  target,
  backTo,
}: {
  title: string;
  original: Language;
  target: { property_id: string } | { room_id: string };
  backTo: string;
}) {
  const { t } = useTranslation('translations');
  return (
    <PageHeader
      title={title}
      description={`${t('intro')} ${t('originalLanguage', { language: languageNames[original] })}`}
      actions={
        <>
          <TranslateMissingButton target={target} />
          <Button asChild minH="11" variant="ghost">
            <RouterLink to={backTo}>{t('back')}</RouterLink>
          </Button>
        </>
      }
    />
  );
}
