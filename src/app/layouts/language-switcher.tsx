import { NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isSupportedLanguage, languageNames, supportedLanguages, toSupportedLanguage, fallbackLanguage } from '@/lib/i18n';

/** The language picker of the navbar: a native select (best on touch screens), remembered across visits. */
export function LanguageSwitcher({ width = '9rem' }: { width?: string }) {
  const { t, i18n } = useTranslation('common');
  const current = toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? fallbackLanguage;
  return (
    <NativeSelect.Root size="md" width={width} flexShrink={0}>
      <NativeSelect.Field
        aria-label={t('nav.language')}
        value={current}
        minH="11"
        bg="bg.panel"
        onChange={(event) => {
          const language = event.currentTarget.value;
          if (isSupportedLanguage(language)) void changeLanguage(language);
        }}
      >
        {supportedLanguages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
