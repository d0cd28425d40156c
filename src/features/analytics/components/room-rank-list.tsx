import { Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ScanStatsRow } from '@/lib/data/rows';
import { href } from '@/lib/paths';

/**
 * One of the "most / least / never scanned" lists: room number and name, each a link to the room's page, with the
 * period's scans unless the list is of never-scanned rooms. Long lists stop at `limit` with "and N more" (a 300-room
 * hotel's never-scanned list); `action` comes below (printing the never-scanned rooms' cards).
 */
export function RoomRankList({
  title,
  rows,
  empty,
  showScans = true,
  limit = 5,
  action,
}: {
  title: string;
  rows: ScanStatsRow[];
  empty: string;
  showScans?: boolean;
  limit?: number;
  action?: ReactNode;
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
              <Link asChild truncate variant="underline">
                <RouterLink to={href.roomDetail(row.property_id, row.qr_code_id)}>
                  {row.room_number} · {row.name}
                </RouterLink>
              </Link>
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
      {action}
    </Stack>
  );
}
