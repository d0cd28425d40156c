/** A property's texts in every language, its completeness, and what each room's own texts still miss. */
import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { href } from '@/lib/paths';
import { useUserId } from '@/lib/data/queries';
import { isSupportedLanguage, languageNames, supportedLanguages, type Language } from '@/lib/languages';
import { propertyTextPaths, readStatus, roomTextGaps, textRowLabel, textRows, type TextGap } from '../lib/translation-entries';
import type { listRoomStatuses } from '../api/translations-api';
import { propertyTextsQuery, roomStatusesQuery } from '../queries';
import { LanguageStatusList } from './completeness-badges';
import { TranslationsEditor } from './translations-editor';
import { LoadedOr, TranslationsHeader } from './translations-screen';

type RoomTexts = Awaited<ReturnType<typeof listRoomStatuses>>[number];

/**
 * The rooms' own texts, what is missing first: each room whose own name or overrides lack a language, text by text;
 * then, in one line each, the rooms whose own texts are all translated and the rooms with none (their name is their
 * number, everything else comes from the property, whose texts are above).
 */
function RoomStatuses({ propertyId, original }: { propertyId: string; original: Language }) {
  const { t, i18n } = useTranslation('translations');
  const userId = useUserId();
  const rooms = useQuery({ ...roomStatusesQuery(userId, propertyId), enabled: userId !== '' });
  const summary = useMemo(() => {
    const withGaps: { room: RoomTexts; gaps: TextGap[] }[] = [];
    let complete = 0;
    let withoutTexts = 0;
    for (const room of rooms.data ?? []) {
      const { own, gaps } = roomTextGaps(room, original, supportedLanguages);
      if (gaps.length > 0) withGaps.push({ room, gaps });
      else if (own > 0) complete += 1;
      else withoutTexts += 1;
    }
    withGaps.sort((a, b) => b.gaps.length - a.gaps.length);
    return { withGaps, complete, withoutTexts };
  }, [rooms.data, original]);
  if (!rooms.data || rooms.data.length === 0) return null;
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' });
  const missingText = (gap: TextGap) =>
    gap.missing.length === supportedLanguages.length - 1
      ? t('rooms.missingEverywhere', { text: textRowLabel(t, gap.row) })
      : t('rooms.missingIn', { text: textRowLabel(t, gap.row), languages: list.format(gap.missing.map((language) => languageNames[language])) });
  return (
    <Stack gap="3" as="section" aria-labelledby="room-translations-title">
      <Heading as="h2" size="lg" id="room-translations-title">
        {t('rooms.title')}
      </Heading>
      {summary.withGaps.map(({ room, gaps }) => (
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
            {gaps.map((gap) => (
              <Text key={gap.row.id} textStyle="sm" color="fg.muted" overflowWrap="anywhere">
                {missingText(gap)}
              </Text>
            ))}
          </Stack>
          <Button asChild size="sm" variant="outline" minH="11">
            <RouterLink to={href.roomTranslations(propertyId, room.id)} aria-label={`${t('rooms.translate')}: ${room.name}`}>
              {t('rooms.translate')}
            </RouterLink>
          </Button>
        </Flex>
      ))}
      {summary.complete > 0 && <Text color="fg.muted">{t('rooms.ownComplete', { count: summary.complete })}</Text>}
      {summary.withoutTexts > 0 && <Text color="fg.muted">{t('rooms.noOwnTexts', { count: summary.withoutTexts })}</Text>}
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
              <RoomStatuses propertyId={row.id} original={original} />
            </Box>
          </Stack>
        );
      }}
    </LoadedOr>
  );
}
