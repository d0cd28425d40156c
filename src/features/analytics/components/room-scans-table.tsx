import { Box, Checkbox, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ScanStatsRow } from '@/lib/data/rows';

/** How many rooms the chart draws at once: more lines than this cannot be told apart. */
export const maxChartedRooms = 5;

/**
 * Every room of one property with its figures, in room-number order, and a box to draw the room in the chart
 * ("rooms on demand": a 300-room hotel's chart shows the property's line and the few rooms the host picks).
 */
export function RoomScansTable({
  rows,
  charted,
  onToggle,
  language,
}: {
  rows: ScanStatsRow[];
  charted: ReadonlySet<string>;
  onToggle: (roomId: string) => void;
  language: string;
}) {
  const { t } = useTranslation('analytics');
  const numbers = new Intl.NumberFormat(language);
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const sorted = [...rows].sort((a, b) => a.room_number.localeCompare(b.room_number, undefined, { numeric: true }));
  const full = charted.size >= maxChartedRooms;
  return (
    <Box>
      <Text color="fg.muted" textStyle="sm" mb="3">
        {t('rooms.hint', { count: maxChartedRooms })}
      </Text>
      <Box overflowX="auto">
        <Table.Root size="sm" variant="line" aria-label={t('rooms.title')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="10" />
              <Table.ColumnHeader>{t('rooms.room')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('rooms.rangeScans')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('rooms.totalScans')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end" hideBelow="sm">
                {t('rooms.lastScan')}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {sorted.map((row) => {
              const checked = charted.has(row.qr_code_id);
              return (
                <Table.Row key={row.qr_code_id}>
                  <Table.Cell>
                    <Checkbox.Root checked={checked} disabled={!checked && full} onCheckedChange={() => onToggle(row.qr_code_id)}>
                      <Checkbox.HiddenInput aria-label={t('rooms.showInChart', { name: `${row.room_number} · ${row.name}` })} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell maxW="60" truncate>
                    {row.room_number} · {row.name}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{numbers.format(row.range_scans)}</Table.Cell>
                  <Table.Cell textAlign="end">{numbers.format(row.total_scans)}</Table.Cell>
                  <Table.Cell textAlign="end" hideBelow="sm" color="fg.muted">
                    {row.last_scanned_at ? dates.format(new Date(row.last_scanned_at)) : t('stats.never')}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
