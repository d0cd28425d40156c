import { Center, Spinner } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A centred spinner for a page (or part of one) that is loading; announced to screen readers. */
export function PageSpinner({ label, minHeight = '50vh' }: { label?: string; minHeight?: string }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const text = label ?? (ready ? t('loading') : 'Loading…');
  return (
    <Center minHeight={minHeight} role="status" aria-live="polite" aria-label={text} data-testid="page-spinner">
      <Spinner size="xl" color="colorPalette.solid" borderWidth="3px" />
    </Center>
  );
}

export default PageSpinner;
