import { Box, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '@/lib/data/connection';

/** A quiet line under the navbar while the API cannot be reached; it goes by itself once an answer comes. */
export function ConnectionNote() {
  const { t } = useTranslation('common');
  const state = useConnectionState();
  return (
    <Box role="status" aria-live="polite">
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
