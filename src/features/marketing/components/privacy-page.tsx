import { useTranslation } from 'react-i18next';
import { asList, type TitledText } from '../content';
import { Article } from './article';

export default function PrivacyPage() {
  const { t } = useTranslation('marketing');
  return (
    <Article
      title={t('privacy.title')}
      meta={t('privacy.updated')}
      lead={t('privacy.intro')}
      sections={asList<TitledText>(t('privacy.sections', { returnObjects: true }))}
    />
  );
}
