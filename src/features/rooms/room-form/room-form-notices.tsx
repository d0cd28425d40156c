import { Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { StatusAlert } from '@/components/status-alert';
import { href, paths } from '@/lib/paths';

/**
 * Above the room form: a full plan (a new room cannot be saved; the way to more rooms) and how the room relates to
 * the property's shared guide, with the way to it.
 */
export function RoomFormNotices({ propertyId, atLimit }: { propertyId: string; atLimit: boolean }) {
  const { t } = useTranslation('rooms');
  return (
    <>
      {atLimit && (
        <Box mb="5">
          <StatusAlert status="warning" title={t('errors.limitReached')}>
            {t('form.limitHint')}{' '}
            <RouterLink to={paths.subscription} style={{ textDecoration: 'underline' }}>
              {t('form.manageSubscription')}
            </RouterLink>
          </StatusAlert>
        </Box>
      )}
      <Box mb="5">
        <StatusAlert status="info">
          {t('form.inherit.intro')}{' '}
          <RouterLink to={href.propertyGuide(propertyId)} style={{ textDecoration: 'underline' }}>
            {t('overview.editSharedGuide')}
          </RouterLink>
        </StatusAlert>
      </Box>
    </>
  );
}
