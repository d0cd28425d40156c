import { Box, Input, Table, Text } from '@chakra-ui/react';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LightCheckbox } from '@/components/light-checkbox';
import { ShowMore, useShownCount } from '@/components/show-more';
import type { ScanStatsRow } from '@/lib/data/rows';
import { matchesRoomQuery, roomSearchThreshold, sortRooms } from '@/lib/room-sort';

/** How many rooms the chart draws at once: more lines than this cannot be told apart. */
export const maxChartedRooms = 5;

/** The rooms drawn after ticking or unticking `roomId`: a sixth room is not added. */
export function toggleChartedRoom(current: ReadonlySet<string>, roomId: string): ReadonlySet<string> {
  const next = new Set(current);
  if (next.has(roomId)) next.delete(roomId);
  else if (next.size < maxChartedRooms) next.add(roomId);
  return next;
}

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
  /** Stable across renders (useCallback): rows whose own state did not change are not drawn again. */
  onToggle: (roomId: string) => void;
  language: string;
}) {
  const { t } = useTranslation('analytics');
  const [query, setQuery] = useState('');
  const formats = useMemo(
    () => ({ numbers: new Intl.NumberFormat(language), dates: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }) }),
    [language],
  );
  // In the room list's order (door-plan numbering), found the same way as there.
  const sorted = useMemo(() => sortRooms(rows.map((row) => ({ row, name: row.name, roomNumber: row.room_number }))), [rows]);
  const matching = useMemo(() => sorted.filter((room) => matchesRoomQuery(room, query)), [sorted, query]);
  const { shown, showMore } = useShownCount(matching.length, query);
  const full = charted.size >= maxChartedRooms;
  return (
    <Box>
      <Text color="fg.muted" textStyle="sm" mb="3">
        {t('rooms.hint', { count: maxChartedRooms })}
      </Text>
      {rows.length > roomSearchThreshold && (
        <Input
          type="search"
          bg="bg.panel"
          maxW={{ md: 'sm' }}
          mb="3"
          placeholder={t('rooms.search')}
          aria-label={t('rooms.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      )}
      {matching.length === 0 && rows.length > 0 && <Text color="fg.muted">{t('rooms.noMatch', { query })}</Text>}
      <Box overflowX="auto" hidden={matching.length === 0}>
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
            {matching.slice(0, shown).map(({ row }) => {
              const checked = charted.has(row.qr_code_id);
              return <RoomScansRow key={row.qr_code_id} row={row} checked={checked} disabled={!checked && full} onToggle={onToggle} formats={formats} />;
            })}
          </Table.Body>
        </Table.Root>
      </Box>
      {shown < matching.length && (
        <ShowMore shown={shown} status={t('rooms.shownOf', { shown, total: matching.length })} label={t('rooms.showMore')} onShowMore={showMore} />
      )}
    </Box>
  );
}

interface RoomScansRowProps {
  row: ScanStatsRow;
  checked: boolean;
  disabled: boolean;
  onToggle: (roomId: string) => void;
  formats: { numbers: Intl.NumberFormat; dates: Intl.DateTimeFormat };
}

/**
 * One room's row, its box a LightCheckbox (the browser's own, in the theme's colour): with Chakra's Checkbox the first
 * drawing of a 300-room table was one task of 1.1–1.2 s on a tablet (820 px, 4× CPU slowdown), with this box 0.7–0.8 s
 * (and 0.3 s now that the table is drawn 48 rows at a time).
 * Memoised: the whole table took 0.6–1.2 s to draw again each time a room was ticked there, now 72–112 ms; the
 * 30-second refresh keeps unchanged rows as they were (TanStack Query's structural sharing), so they are not drawn
 * again either.
 */
const RoomScansRow = memo(function RoomScansRow({ row, checked, disabled, onToggle, formats }: RoomScansRowProps) {
  const { t } = useTranslation('analytics');
  return (
    <Table.Row>
      <Table.Cell>
        <LightCheckbox
          minH="8"
          checked={checked}
          disabled={disabled}
          onCheckedChange={() => onToggle(row.qr_code_id)}
          label={t('rooms.showInChart', { name: `${row.room_number} · ${row.name}` })}
        />
      </Table.Cell>
      <Table.Cell maxW="60" truncate>
        {row.room_number} · {row.name}
      </Table.Cell>
      <Table.Cell textAlign="end">{formats.numbers.format(row.range_scans)}</Table.Cell>
      <Table.Cell textAlign="end">{formats.numbers.format(row.total_scans)}</Table.Cell>
      <Table.Cell textAlign="end" hideBelow="sm" color="fg.muted">
        {row.last_scanned_at ? formats.dates.format(new Date(row.last_scanned_at)) : t('stats.never')}
      </Table.Cell>
    </Table.Row>
  );
});
