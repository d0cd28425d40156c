import { Badge, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { languageNames, supportedLanguages, type Language } from '@/lib/languages';
import { completeLanguages, type TranslationStatus } from '../lib/translation-entries';

/** Every language but the original: complete, or how many texts it misses (and how many to review). */
export function LanguageStatusList({ status }: { status: TranslationStatus }) {
  const { t } = useTranslation('translations');
  const languages = supportedLanguages.filter((language) => language !== status.original);
  return (
    <Flex gap="2" wrap="wrap" role="list" aria-label={t('status.title')}>
      {languages.map((language) => {
        const counts = status.languages[language];
        const missing = counts?.missing ?? status.texts;
        const review = (counts?.machine ?? 0) + (counts?.outdated ?? 0);
        return (
          <Badge key={language} role="listitem" size="md" colorPalette={missing === 0 ? 'green' : 'gray'} variant={missing === 0 ? 'solid' : 'subtle'}>
            {missing === 0
              ? t('status.complete', { language: languageNames[language] })
              : t('status.missing', { language: languageNames[language], count: missing })}
            {review > 0 && ` · ${t('status.review', { count: review })}`}
          </Badge>
        );
      })}
    </Flex>
  );
}

/** The complete languages only, as small badges (a room list's line). */
export function CompleteLanguageBadges({ status }: { status: TranslationStatus | null }) {
  const { t } = useTranslation('translations');
  const complete: Language[] = completeLanguages(status, supportedLanguages);
  if (complete.length === 0)
    return (
      <Text textStyle="sm" color="fg.muted">
        {t('status.none')}
      </Text>
    );
  return (
    <Flex gap="1.5" wrap="wrap" aria-label={t('status.title')}>
      {complete.map((language) => (
        <Badge key={language} colorPalette="green" lang={language}>
          ✓ {languageNames[language]}
        </Badge>
      ))}
    </Flex>
  );
}
