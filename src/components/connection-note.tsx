import { Box, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '@/lib/data/connection';
import { NOT_KEPT_ATTRIBUTE } from '@/first-paint/contract';

/**
 * A quiet line under the navbar while the API cannot be reached; it goes by itself once an answer comes. Not part of
 * the dashboard kept for the next visit, which would otherwise paint a past outage.
 */
export function ConnectionNote() {
  const { t } = useTranslation('common');
  const state = useConnectionState();
  return (
    <Box role="status" aria-live="polite" {...{ [NOT_KEPT_ATTRIBUTE]: '' }}>
      {state === 'reconnecting' && (
        <Box bg="orange.subtle" color="orange.fg" px={{ base: '4', md: '8' }} py="2" display="flex" alignItems="center" gap="3">
          <Spinner size="sm" flexShrink={0} />
          <Text textStyle="sm">
            <Text as="strong" fontWeight="semibold">
              {t('connection.reconnecting')}
            </Text>{' '}
            {t('connection.reconnectingDetail')}
          </Text>
        </Box>
      )}
    </Box>
  );
}
