/** A property's texts in every language, its completeness, and each room's complete languages. */
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { href } from '@/lib/paths';
import { useUserId } from '@/lib/data/queries';
import { isSupportedLanguage } from '@/lib/languages';
import { propertyTextPaths, readStatus, textRows } from '../lib/translation-entries';
import { propertyTextsQuery, roomStatusesQuery } from '../queries';
import { CompleteLanguageBadges, LanguageStatusList } from './completeness-badges';
import { TranslationsEditor } from './translations-editor';
import { LoadedOr, TranslationsHeader } from './translations-screen';

function RoomStatuses({ propertyId }: { propertyId: string }) {
  const { t } = useTranslation('translations');
  const userId = useUserId();
  const rooms = useQuery({ ...roomStatusesQuery(userId, propertyId), enabled: userId !== '' });
  if (!rooms.data || rooms.data.length === 0) return null;
  return (
    <Stack gap="3" as="section" aria-labelledby="room-translations-title">
      <Heading as="h2" size="lg" id="room-translations-title">
        {t('rooms.title')}
      </Heading>
      {rooms.data.map((room) => (
        <Flex
          key={room.id}
          gap="3"
          align="center"
          justify="space-between"
          wrap="wrap"
          borderWidth="1px"
          borderRadius="lg"
          p="3"
          data-testid="room-translation-status"
        >
          <Stack gap="1" minW="0">
            <Text fontWeight="medium" overflowWrap="anywhere">
              {room.name} · {t('rooms.room', { number: room.room_number })}
            </Text>
            <CompleteLanguageBadges status={readStatus(room.translation_status)} />
          </Stack>
          <Button asChild size="sm" variant="outline" minH="11">
            <RouterLink to={href.roomTranslations(propertyId, room.id)} aria-label={`${t('rooms.translate')}: ${room.name}`}>
              {t('rooms.translate')}
            </RouterLink>
          </Button>
        </Flex>
      ))}
    </Stack>
  );
}

export default function PropertyTranslationsPage() {
  const { t } = useTranslation('translations');
  const { propertyId = '' } = useParams();
  const userId = useUserId();
  const property = useQuery({ ...propertyTextsQuery(userId, propertyId), enabled: userId !== '' });
  return (
    <LoadedOr query={property}>
      {(row) => {
        const original = isSupportedLanguage(row.original_language) ? row.original_language : 'en';
        const status = readStatus(row.translation_status);
        const rows = textRows(row, propertyTextPaths);
        return (
          <Stack gap="6">
            <TranslationsHeader
              title={t('propertyTitle', { name: row.name })}
              original={original}
              target={{ property_id: row.id }}
              backTo={href.rooms(row.id)}
            />
            {status && status.texts > 0 && <LanguageStatusList status={status} />}
            <ContentCard>
              {rows.length === 0 ? (
                <Text>{t('nothing')}</Text>
              ) : (
                <TranslationsEditor
                  key={row.id}
                  table="properties"
                  id={row.id}
                  rows={rows}
                  translations={row.translations}
                  original={original}
                  status={status}
                />
              )}
            </ContentCard>
            <Box>
              <RoomStatuses propertyId={row.id} />
            </Box>
          </Stack>
        );
      }}
    </LoadedOr>
  );
}
