/**
 * Many rooms at once: from a number range with a name pattern (101–140, "Room {n}") or from pasted lines / a CSV
 * file (name, room number, optional WiFi password). The preview checks every row with the database's rules before
 * anything is sent; one create_rooms call then makes all of them or none (a refusal says why, e.g. how many of the
 * plan's slots are free). The preview says how many of the plan's slots are free and marks the rows past them, so a
 * full plan is seen before the click.
 */
import { Box, Button, Flex, HStack, Input, Link, Stack, Table, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { FormField } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { toastSaved } from '@/components/toaster';
import { useProfile } from '@/lib/current-team';
import { propertiesQuery, roomsQuery, useUserId } from '@/lib/data/queries';
import type { PropertyRow, RoomRow } from '@/lib/data/rows';
import { toSupportedLanguage } from '@/lib/languages';
import { href, paths } from '@/lib/paths';
import { numberedRoomPatterns } from '@/lib/room-name';
import { BulkRoomsRefused } from '../api/create-rooms';
import type { BulkRoomsError } from './bulk-errors';
import { checkRoomRows, maxBulkRooms, rowsOverPlan, type BulkRowProblem, type CheckedRoomList } from './bulk-rows';
import { parseRoomLines } from './room-lines';
import { roomsFromRange, type RoomRangeError } from './room-range';
import { showingCreatedRooms } from '../room-list/list-return';
import { createRoomsMutation } from '../queries';

type Source = 'range' | 'lines';

interface Preview {
  list: CheckedRoomList | null;
  rangeError: RoomRangeError | null;
  unclosedQuoteLines: number[];
  /** The lines of the rows past the plan's free slots (none while the plan is not known yet). */
  overPlan: Set<number>;
}

function usePreview(
  source: Source,
  range: { from: string; to: string; pattern: string },
  lines: string,
  existing: string[],
  freeSlots: number | null,
): Preview {
  return useMemo(() => {
    const withPlan = (list: CheckedRoomList, unclosedQuoteLines: number[]): Preview => ({
      list,
      rangeError: null,
      unclosedQuoteLines,
      overPlan: freeSlots === null ? noLines : rowsOverPlan(list.rows, freeSlots),
    });
    if (source === 'lines') {
      if (lines.trim() === '') return { list: null, rangeError: null, unclosedQuoteLines: [], overPlan: noLines };
      const parsed = parseRoomLines(lines, existing);
      return withPlan(parsed, parsed.unclosedQuoteLines);
    }
    if (range.from.trim() === '' || range.to.trim() === '') return { list: null, rangeError: null, unclosedQuoteLines: [], overPlan: noLines };
    const result = roomsFromRange(range.from, range.to, range.pattern);
    if (!result.ok) return { list: null, rangeError: result.error, unclosedQuoteLines: [], overPlan: noLines };
    return withPlan(checkRoomRows(result.rows, existing), []);
  }, [source, range.from, range.to, range.pattern, lines, existing, freeSlots]);
}

export default function BulkRoomsPage() {
  const { t, i18n } = useTranslation('rooms');
  const { propertyId = '' } = useParams();
  const navigate = useNavigate();
  const userId = useUserId();
  const selectProperty = useCallback((properties: PropertyRow[]) => properties.find((property) => property.id === propertyId) ?? null, [propertyId]);
  const selectRoomNumbers = useCallback(
    (rooms: RoomRow[]) => rooms.filter((room) => room.property_id === propertyId).map((room) => room.room_number),
    [propertyId],
  );
  const property = useQuery({ ...propertiesQuery(userId), enabled: userId !== '', select: selectProperty });
  const existing = useQuery({ ...roomsQuery(userId), enabled: userId !== '', select: selectRoomNumbers });
  const creation = useMutation(createRoomsMutation);
  const { profile } = useProfile();

  const [source, setSource] = useState<Source>('range');
  // Rooms called by their number by default: guests read such a name in their own language (src/lib/room-name.ts).
  const [range, setRange] = useState(() => ({ from: '', to: '', pattern: numberedRoomPatterns[toSupportedLanguage(i18n.resolvedLanguage) ?? 'en'] }));
  const [lines, setLines] = useState('');
  const [refusal, setRefusal] = useState<BulkRoomsError | null>(null);
  const existingNumbers = useMemo(() => existing.data ?? [], [existing.data]);
  // The plan's free slots, shown before any click; rows past them are marked, and Create waits until they fit.
  const plan = profile
    ? { used: profile.qr_codes_created, limit: profile.qr_code_limit, free: Math.max(0, profile.qr_code_limit - profile.qr_codes_created) }
    : null;
  const preview = usePreview(source, range, lines, existingNumbers, plan?.free ?? null);
  const overPlan = preview.overPlan;
  // Drawing a 300-row table took a tablet 0.4–0.5 s a keystroke (820 px, 4× CPU slowdown): the table follows the
  // typing in the background (React draws it in slices and drops drawings that typing has overtaken), while the
  // heading's count and the create button follow each keystroke.
  const previewRows = preview.list?.rows ?? noRows;
  const tableRows = useDeferredValue(previewRows);
  const tableOverPlan = useDeferredValue(overPlan);
  const tableUpdating = tableRows !== previewRows;

  if (property.isPending || existing.isPending) return <PageSpinner />;
  if (property.isError || existing.isError || property.data === null) {
    return <StatusAlert title={t('list.propertyNotFound')} />;
  }

  const rowCount = preview.list?.rows.length ?? 0;
  const problemCount = preview.list?.rows.filter((row) => row.problems.length > 0).length ?? 0;
  const ready = Boolean(preview.list?.ready) && preview.unclosedQuoteLines.length === 0 && overPlan.size === 0;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setLines(await file.text());
    setRefusal(null);
  };

  const create = async () => {
    if (!preview.list || !ready) return;
    setRefusal(null);
    try {
      const created = await creation.mutateAsync({ propertyId, rows: preview.list.rows });
      toastSaved(t('bulk.created', { count: created.length }));
      // The list opens on the new rooms, one click from printing their cards.
      navigate(href.rooms(propertyId), { state: showingCreatedRooms(created) });
    } catch (error) {
      if (!(error instanceof BulkRoomsRefused)) console.error('Creating rooms failed', error);
      setRefusal(error instanceof BulkRoomsRefused ? error.reason : { kind: 'failed', message: '' });
    }
  };

  return (
    <Box>
      <PageHeader title={t('bulk.title')} description={property.data.name} />
      <Stack gap="6">
        <ContentCard>
          <Tabs.Root value={source} onValueChange={(details) => setSource(details.value as Source)} variant="enclosed">
            <Tabs.List>
              <Tabs.Trigger value="range" minH="11">
                {t('bulk.fromRange')}
              </Tabs.Trigger>
              <Tabs.Trigger value="lines" minH="11">
                {t('bulk.fromLines')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="range">
              <Flex gap="4" wrap="wrap" align="flex-start">
                <Box flex="1 1 8rem">
                  <FormField label={t('bulk.firstNumber')}>
                    <Input value={range.from} inputMode="numeric" placeholder="101" onChange={(event) => setRange({ ...range, from: event.target.value })} />
                  </FormField>
                </Box>
                <Box flex="1 1 8rem">
                  <FormField label={t('bulk.lastNumber')}>
                    <Input value={range.to} inputMode="numeric" placeholder="140" onChange={(event) => setRange({ ...range, to: event.target.value })} />
                  </FormField>
                </Box>
                <Box flex="2 1 14rem">
                  <FormField label={t('bulk.namePattern')} helperText={t('bulk.namePatternHelp')}>
                    <Input value={range.pattern} onChange={(event) => setRange({ ...range, pattern: event.target.value })} />
                  </FormField>
                </Box>
              </Flex>
            </Tabs.Content>
            <Tabs.Content value="lines">
              <Stack gap="4">
                <FormField label={t('bulk.lines')} helperText={t('bulk.linesHelp')}>
                  <Textarea
                    value={lines}
                    rows={8}
                    fontFamily="mono"
                    placeholder={t('bulk.linesPlaceholder')}
                    onChange={(event) => setLines(event.target.value)}
                  />
                </FormField>
                <FormField label={t('bulk.csvFile')}>
                  <Input type="file" accept=".csv,.txt,text/csv,text/plain" p="1.5" onChange={(event) => void readFile(event)} />
                </FormField>
              </Stack>
            </Tabs.Content>
          </Tabs.Root>
        </ContentCard>

        {preview.rangeError && <StatusAlert title={t(`bulk.rangeError.${preview.rangeError}`, { max: maxBulkRooms })} />}
        {preview.list?.tooMany && <StatusAlert title={t('bulk.rangeError.tooMany', { max: maxBulkRooms })} />}
        {preview.unclosedQuoteLines.length > 0 && <StatusAlert title={t('bulk.unclosedQuote', { lines: preview.unclosedQuoteLines.join(', ') })} />}
        {refusal && <RefusalAlert refusal={refusal} />}

        {preview.list && rowCount > 0 && (
          <ContentCard title={t('bulk.preview', { count: rowCount })}>
            <Stack gap="4">
              {plan && (
                <Text textStyle="sm" color="fg.muted" data-testid="bulk-free-slots">
                  {t('bulk.freeSlots', { count: plan.free, used: plan.used, limit: plan.limit })}
                </Text>
              )}
              {problemCount > 0 && <StatusAlert status="warning" title={t('bulk.fixProblems', { count: problemCount })} />}
              {overPlan.size > 0 && (
                <StatusAlert status="warning" title={t('bulk.overPlan', { count: overPlan.size })}>
                  <Link asChild fontWeight="medium">
                    <RouterLink to={paths.subscription}>{t('bulk.refused.changePlan')}</RouterLink>
                  </Link>
                </StatusAlert>
              )}
              {/* Outside the memoised table: marking it as being updated must not draw its rows again. */}
              <Box opacity={tableUpdating ? 0.6 : 1} aria-busy={tableUpdating}>
                <PreviewTable rows={tableRows} overPlan={tableOverPlan} />
              </Box>
            </Stack>
          </ContentCard>
        )}

        <HStack gap="3" wrap="wrap">
          <Button minH="11" disabled={!ready} loading={creation.isPending} onClick={() => void create()}>
            {t('bulk.create', { count: rowCount })}
          </Button>
          <Button asChild minH="11" variant="outline">
            <RouterLink to={href.rooms(propertyId)}>{t('bulk.cancel')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

const noRows: CheckedRoomList['rows'] = [];
const noLines = new Set<number>();

/** The preview's rows; memoised, so that it is drawn again only when the rows themselves change. */
const PreviewTable = memo(function PreviewTable({ rows, overPlan }: { rows: CheckedRoomList['rows']; overPlan: Set<number> }) {
  const { t } = useTranslation('rooms');
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="28rem">
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('bulk.line')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('bulk.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('bulk.roomNumber')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('bulk.wifiPassword')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('bulk.check')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.line} bg={row.problems.length > 0 ? 'red.subtle' : overPlan.has(row.line) ? 'orange.subtle' : undefined}>
              <Table.Cell>{row.line}</Table.Cell>
              <Table.Cell>{row.name}</Table.Cell>
              <Table.Cell>{row.roomNumber}</Table.Cell>
              <Table.Cell>
                {row.wifiPassword ? (
                  row.wifiPassword
                ) : (
                  <Text as="span" color="fg.muted">
                    {t('bulk.fromProperty')}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                {row.problems.length > 0
                  ? row.problems.map((problem) => problemText(t, problem, row.roomNumber)).join(' ')
                  : overPlan.has(row.line)
                    ? t('bulk.overPlanRow')
                    : t('bulk.ok')}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
});

type Translate = ReturnType<typeof useTranslation<'rooms'>>['t'];

function problemText(t: Translate, problem: BulkRowProblem, roomNumber: string): string {
  const field = t(`bulk.field.${problem.field}`);
  switch (problem.kind) {
    case 'missing':
      return t('bulk.problem.missing', { field });
    case 'tooLong':
      return t('bulk.problem.tooLong', { field, limit: problem.limit });
    case 'duplicate':
      return t('bulk.problem.duplicate', { line: problem.firstLine });
    case 'taken':
      return t('bulk.problem.taken', { number: roomNumber.trim() });
  }
}

function RefusalAlert({ refusal }: { refusal: BulkRoomsError }) {
  const { t } = useTranslation('rooms');
  switch (refusal.kind) {
    case 'quota':
      return (
        <StatusAlert
          title={t('bulk.refused.quota', { count: refusal.free, free: refusal.free, requested: refusal.requested, used: refusal.used, limit: refusal.limit })}
        >
          <Link asChild fontWeight="medium">
            <RouterLink to={paths.subscription}>{t('bulk.refused.changePlan')}</RouterLink>
          </Link>
        </StatusAlert>
      );
    case 'roomNumbersRepeated':
    case 'roomNumbersTaken':
      return <StatusAlert title={t('bulk.refused.roomNumbers', { numbers: refusal.roomNumbers.join(', ') })} />;
    case 'invalidEntry':
      return <StatusAlert title={t('bulk.refused.invalidEntry', { line: refusal.row + 1, message: refusal.message })} />;
    case 'propertyNotFound':
      return <StatusAlert title={t('list.propertyNotFound')} />;
    default:
      return <StatusAlert title={t('bulk.refused.failed')} />;
  }
}
