import { Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ScanStatsRow } from '@/lib/data/rows';

/**
 * One of the "most / least / never scanned" lists: room number and name, with the period's scans unless the list
 * is of never-scanned rooms. Long lists stop at `limit` with "and N more" (a 300-room hotel's never-scanned list).
 */
export function RoomRankList({
  title,
  rows,
  empty,
  showScans = true,
  limit = 5,
}: {
  title: string;
  rows: ScanStatsRow[];
  empty: string;
  showScans?: boolean;
  limit?: number;
}) {
  const { t } = useTranslation('analytics');
  const shown = rows.slice(0, limit);
  return (
    <Stack gap="2" minW="0">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {shown.length === 0 ? (
        <Text color="fg.muted" textStyle="sm">
          {empty}
        </Text>
      ) : (
        <List.Root as="ol" gap="1" textStyle="sm" ps="0" listStyle="none" aria-label={title}>
          {shown.map((row) => (
            <List.Item key={row.qr_code_id} display="flex" gap="2" justifyContent="space-between" minW="0">
              <Text as="span" truncate>
                {row.room_number} · {row.name}
              </Text>
              {showScans && (
                <Text as="span" color="fg.muted" flexShrink={0}>
                  {t('lists.scans', { count: row.range_scans })}
                </Text>
              )}
            </List.Item>
          ))}
          {rows.length > limit && <List.Item color="fg.muted">{t('lists.andMore', { count: rows.length - limit })}</List.Item>}
        </List.Root>
      )}
    </Stack>
  );
}
