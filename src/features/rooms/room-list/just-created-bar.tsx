/**
 * The room list right after rooms were created in bulk: those rooms alone, and what comes next for them (print their
 * cards, download their codes), until the host asks for all the property's rooms again. Nothing is selected, so
 * nothing leads with deleting what was just made.
 */
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import type { PropertyRow } from '@/lib/data/rows';
import { DownloadZipButton } from '../downloads/download-zip-button';
import type { RoomSummary } from '../types';
import { printSheetHref } from './print-sheet-href';

interface JustCreatedBarProps {
  property: Pick<PropertyRow, 'id' | 'name'>;
  rooms: readonly RoomSummary[];
  /** All the property's rooms. */
  roomCount: number;
  onShowAll: () => void;
}

export function JustCreatedBar({ property, rooms, roomCount, onShowAll }: JustCreatedBarProps) {
  const { t } = useTranslation('rooms');
  const count = rooms.length;
  const printSheet = printSheetHref(property.id, rooms, roomCount);
  return (
    <ContentCard role="region" aria-label={t('created.label')}>
      <Stack gap="3">
        <Text fontWeight="semibold">{t('created.title', { count })}</Text>
        <Text color="fg.muted" textStyle="sm">
          {t('created.next')}
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button asChild minH="11">
            <RouterLink to={printSheet}>{t('selection.print', { count })}</RouterLink>
          </Button>
          <DownloadZipButton
            propertyId={property.id}
            propertyName={property.name}
            roomIds={rooms.map((room) => room.id)}
            roomCount={count}
            label={t('selection.download', { count })}
          />
          {count < roomCount && (
            <Button minH="11" variant="ghost" onClick={onShowAll}>
              {t('created.showAll', { count: roomCount })}
            </Button>
          )}
        </HStack>
      </Stack>
    </ContentCard>
  );
}
