/** A room's own texts (its name and the fields it overrides) in every language; shared texts live on the property. */
import { Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { href } from '@/lib/paths';
import { useUserId } from '@/lib/data/queries';
import { isSupportedLanguage } from '@/lib/languages';
import { readStatus, roomTranslationView } from '../lib/translation-entries';
import { propertyTextsQuery, roomTextsQuery } from '../queries';
import { CompleteLanguageBadges } from './completeness-badges';
import { TranslationsEditor } from './translations-editor';
import { LoadedOr, TranslationsHeader } from './translations-screen';

export default function RoomTranslationsPage() {
  const { t } = useTranslation('translations');
  const { propertyId = '', id = '' } = useParams();
  const userId = useUserId();
  const room = useQuery({ ...roomTextsQuery(userId, id), enabled: userId !== '' });
  // The original language is the property's.
  const property = useQuery({ ...propertyTextsQuery(userId, propertyId), enabled: userId !== '' });
  return (
    <LoadedOr query={room}>
      {(row) => {
        const language = property.data?.original_language;
        const original = isSupportedLanguage(language) ? language : 'en';
        const { rows, status } = roomTranslationView(row, readStatus(row.translation_status));
        return (
          <Stack gap="6">
            <TranslationsHeader
              title={t('roomTitle', { name: row.name })}
              original={original}
              target={{ room_id: row.id }}
              backTo={href.roomDetail(row.property_id, row.id)}
            />
            <CompleteLanguageBadges status={status} />
            <Text color="fg.muted">
              {t('roomNote')}{' '}
              <RouterLink to={href.propertyTranslations(row.property_id)} style={{ textDecoration: 'underline' }}>
                {t('propertyLink')}
              </RouterLink>
            </Text>
            <ContentCard>
              {property.isPending ? null : rows.length === 0 ? (
                <Text>{t('nothing')}</Text>
              ) : (
                <TranslationsEditor key={row.id} table="qr_codes" id={row.id} rows={rows} translations={row.translations} original={original} status={status} />
              )}
            </ContentCard>
          </Stack>
        );
      }}
    </LoadedOr>
  );
}
