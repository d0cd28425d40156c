import { Button, Box } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { asList, type TitledText } from '../content';
import { Article } from './article';

export default function QrInfoPage() {
  const { t } = useTranslation('marketing');
  return (
    <Article title={t('qrInfo.title')} lead={t('qrInfo.lead')} sections={asList<TitledText>(t('qrInfo.sections', { returnObjects: true }))}>
      <Box mt="10">
        <Button asChild size="lg" minH="11">
          <RouterLink to={paths.register}>{t('landing.ctaRegister')}</RouterLink>
        </Button>
      </Box>
    </Article>
  );
}
