import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LiveState } from '@/lib/data/live-updates';

/**
 * A quiet line while live updates are paused (the screens then refresh on a timer); nothing otherwise. `data-live`
 * carries the state for tools and tests that wait for the channel.
 */
export function LiveUpdatesNote({ state }: { state: LiveState }) {
  const { t } = useTranslation('common');
  return (
    <Box role="status" aria-live="polite" data-live={state}>
      {state === 'paused' && (
        <Text textStyle="sm" color="fg.muted" mb="4">
          <Text as="strong" fontWeight="semibold">
            {t('live.paused')}
          </Text>{' '}
          {t('live.pausedDetail')}
        </Text>
      )}
    </Box>
  );
}
