import { Box, Button, Field, Flex, Heading, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { DayRangePicker } from '@/components/day-range-picker';
import { LazyDailyChart } from '@/components/lazy-daily-chart';
import { PageHeader } from '@/components/page-header';
import { PageSpinner } from '@/components/page-spinner';
import { StatusAlert } from '@/components/status-alert';
import { propertiesQuery, scanStatsQuery, useUserId } from '@/lib/data/queries';
import { useRefreshWhileNotLive } from '@/lib/data/live-updates';
import { useCurrentTeam } from '@/lib/current-team';
import { teamProperties } from '@/first-paint/stored-team';
import type { PropertyRow, ScanStatsRow } from '@/lib/data/rows';
import { href, paths } from '@/lib/paths';
import { lastDays, parseRangeDays, type ScanRangeDays } from '@/lib/scan-range';
import { rowsByProperty, summarizeScans } from '../scan-summary';
import { DownloadScansButton } from './download-scans-button';
import { GuestRequestFigures } from './guest-request-figures';
import { RoomRankList } from './room-rank-list';
import { RoomScansTable, toggleChartedRoom } from './room-scans-table';
import { ScanStatsRow as ScanFigures } from './scan-stats-row';

/**
 * `/dashboard/analytics`: guests' scans per UTC day over the last 7, 30 or 90 days, for all the host's properties
 * (one line per property) or one (its line plus the rooms the host ticks). The range and property live in the URL
 * (`?days=90&property=…`), so a view can be bookmarked and the back button works. Figures re-read every 30 s while
 * the tab is visible (the local stack runs no Realtime service: README, deliberate difference 12).
 */
export default function AnalyticsPage() {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.resolvedLanguage ?? 'en';
  const userId = useUserId();
  const [params, setParams] = useSearchParams();
  const days = parseRangeDays(params.get('days'));
  const wanted = lastDays(days);
  const properties = useQuery({ ...propertiesQuery(userId), enabled: userId !== '' });
  // The previous range stays on screen (with its own days) while the next one loads: no blank flash.
  // Live scan counts; a steady refresh while Realtime is not live (src/lib/data/live-updates.ts).
  const refreshInterval = useRefreshWhileNotLive();
  const stats = useQuery({ ...scanStatsQuery(userId, wanted), enabled: userId !== '', refetchInterval: refreshInterval, placeholderData: keepPreviousData });
  const [chartedRooms, setChartedRooms] = useState<ReadonlySet<string>>(new Set());

  // The team the host works in: its properties and their rooms' scans (another team's are a switch away).
  const { team, loaded: teamsLoaded } = useCurrentTeam();
  const propertyList = useMemo(() => (team && properties.data ? teamProperties(properties.data, team.id) : []), [team, properties.data]);
  const shown = useMemo(() => {
    if (!stats.data) return undefined;
    const ids = new Set(propertyList.map((candidate) => candidate.id));
    return { ...stats.data, rows: stats.data.rows.filter((row) => ids.has(row.property_id)) };
  }, [stats.data, propertyList]);
  const property = propertyList.find((candidate) => candidate.id === params.get('property')) ?? null;

  const update = (changes: { days?: ScanRangeDays; property?: string | null }) => {
    const next = new URLSearchParams(params);
    if (changes.days) next.set('days', String(changes.days));
    if (changes.property !== undefined) {
      if (changes.property) next.set('property', changes.property);
      else next.delete('property');
      setChartedRooms(new Set());
    }
    setParams(next, { replace: true });
  };

  // Stable, so that ticking a room redraws that room's row of the table, not all of a large hotel's rows.
  const toggleRoom = useCallback((roomId: string) => setChartedRooms((current) => toggleChartedRoom(current, roomId)), []);

  const download = shown && (
    <DownloadScansButton
      rows={property ? shown.rows.filter((row) => row.property_id === property.id) : shown.rows}
      properties={propertyList}
      fromDay={shown.fromDay}
      toDay={shown.toDay}
      disabled={stats.isPlaceholderData}
    />
  );
  const header = <PageHeader title={t('title')} description={t('description')} actions={download} />;

  if (properties.isPending || stats.isPending || !teamsLoaded || !shown) {
    return (
      <Box>
        {header}
        <PageSpinner minHeight="30vh" />
      </Box>
    );
  }
  if (properties.isError || stats.isError) {
    return (
      <Box>
        {header}
        <Stack gap="4" align="flex-start">
          <StatusAlert status="error">{t('errors.loadFailed')}</StatusAlert>
          <Button
            variant="outline"
            minH="11"
            onClick={() => {
              void properties.refetch();
              void stats.refetch();
            }}
          >
            {t('errors.retry')}
          </Button>
        </Stack>
      </Box>
    );
  }

  return (
    <Box>
      {header}
      <Stack gap={{ base: '5', md: '6' }}>
        <Flex gap="4" wrap="wrap" align="flex-end">
          <Field.Root w="auto" maxW="full" flexShrink={0}>
            <Field.Label>{t('range.label')}</Field.Label>
            <DayRangePicker
              value={days}
              onChange={(next) => update({ days: next })}
              label={t('range.label')}
              optionLabel={(count) => t('range.days', { count })}
            />
          </Field.Root>
          <Field.Root w={{ base: 'full', sm: '72' }}>
            <Field.Label>{t('property.label')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={property?.id ?? ''} onChange={(event) => update({ property: event.currentTarget.value || null })}>
                <option value="">{t('property.all')}</option>
                {propertyList.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Flex>
        <AnalyticsBody
          rows={shown.rows}
          properties={propertyList}
          property={property}
          fromDay={shown.fromDay}
          toDay={shown.toDay}
          language={language}
          chartedRooms={chartedRooms}
          onToggleRoom={toggleRoom}
          onShowProperty={(id) => update({ property: id })}
        />
        {team && (
          <GuestRequestFigures
            userId={userId}
            teamId={team.id}
            propertyId={property?.id ?? null}
            fromDay={shown.fromDay}
            toDay={shown.toDay}
            language={language}
          />
        )}
        <Text color="fg.muted" textStyle="sm">
          {t('refresh')}
        </Text>
      </Stack>
    </Box>
  );
}

interface AnalyticsBodyProps {
  rows: ScanStatsRow[];
  properties: PropertyRow[];
  property: PropertyRow | null;
  fromDay: string;
  toDay: string;
  language: string;
  chartedRooms: ReadonlySet<string>;
  onToggleRoom: (roomId: string) => void;
  onShowProperty: (propertyId: string) => void;
}

function AnalyticsBody({ rows, properties, property, fromDay, toDay, language, chartedRooms, onToggleRoom, onShowProperty }: AnalyticsBodyProps) {
  const { t } = useTranslation('analytics');
  const scopeRows = useMemo(() => (property ? rows.filter((row) => row.property_id === property.id) : rows), [rows, property]);
  const summary = useMemo(() => summarizeScans(scopeRows, fromDay, toDay), [scopeRows, fromDay, toDay]);
  const groups = useMemo(
    () =>
      rowsByProperty(
        rows,
        properties.map((candidate) => candidate.id),
      ),
    [rows, properties],
  );

  const series = useMemo(() => {
    if (!property)
      return properties.map((candidate) => ({ label: candidate.name, values: summarizeScans(groups.get(candidate.id) ?? [], fromDay, toDay).dailyTotals }));
    const rooms = scopeRows
      .filter((row) => chartedRooms.has(row.qr_code_id))
      .map((row) => ({ label: `${row.room_number} · ${row.name}`, values: row.daily_scans }));
    return [{ label: t('chart.propertyTotal', { name: property.name }), values: summary.dailyTotals }, ...rooms];
  }, [property, properties, groups, scopeRows, chartedRooms, summary, fromDay, toDay, t]);

  if (scopeRows.length === 0) {
    return (
      <EmptyState title={t('empty.noRoomsTitle')} text={t('empty.noRooms')}>
        <Button asChild minH="11">
          <RouterLink to={property ? href.rooms(property.id) : paths.dashboard}>{t('empty.addProperty')}</RouterLink>
        </Button>
      </EmptyState>
    );
  }

  const numbers = new Intl.NumberFormat(language);
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const dayDate = (day: string) => dateFormat.format(new Date(`${day}T00:00:00Z`));

  return (
    <Stack gap={{ base: '5', md: '6' }}>
      <ScanFigures summary={summary} language={language} />
      {summary.totalScans === 0 ? (
        <EmptyState title={t('empty.noScansTitle')} text={t('empty.noScans')}>
          {property && (
            <Button asChild minH="11">
              <RouterLink to={href.printSheet(property.id)}>{t('empty.printSheet')}</RouterLink>
            </Button>
          )}
        </EmptyState>
      ) : (
        <ContentCard title={t('chart.title')}>
          <LazyDailyChart
            days={summary.days}
            series={series}
            language={language}
            ariaLabel={t('chart.ariaLabel', { from: dayDate(fromDay), to: dayDate(toDay) })}
            tableLabel={t('chart.showTable')}
            dayLabel={t('chart.day')}
          />
        </ContentCard>
      )}
      {property ? (
        <>
          <ContentCard>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="5">
              <RoomRankList title={t('lists.mostScanned')} rows={summary.mostScanned} empty={t('lists.noneScanned')} />
              <RoomRankList title={t('lists.leastScanned')} rows={summary.leastScanned} empty={t('lists.noneScanned')} />
              <RoomRankList
                title={t('lists.neverScanned')}
                rows={summary.neverScanned}
                empty={t('lists.allScanned')}
                showScans={false}
                action={
                  // A room nobody scans may have lost its code: its card, printed again, is one click away.
                  summary.neverScanned.length > 0 && (
                    <Button asChild size="sm" minH="11" variant="outline" alignSelf="flex-start">
                      <RouterLink
                        to={href.printSheet(
                          property.id,
                          summary.neverScanned.map((row) => row.room_number),
                        )}
                      >
                        {t('lists.printNeverScanned', { count: summary.neverScanned.length })}
                      </RouterLink>
                    </Button>
                  )
                }
              />
            </SimpleGrid>
          </ContentCard>
          <ContentCard title={t('rooms.title')}>
            <RoomScansTable rows={scopeRows} charted={chartedRooms} onToggle={onToggleRoom} language={language} />
          </ContentCard>
        </>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '4', md: '5' }}>
          {properties.map((candidate) => {
            const propertyRows = groups.get(candidate.id) ?? [];
            const propertySummary = summarizeScans(propertyRows, fromDay, toDay);
            return (
              <ContentCard
                key={candidate.id}
                data-testid="property-scans"
                title={candidate.name}
                footer={
                  <Button variant="outline" minH="11" onClick={() => onShowProperty(candidate.id)}>
                    {t('properties.showRooms', { name: candidate.name })}
                  </Button>
                }
              >
                <Text textStyle="sm" color="fg.muted">
                  {t('properties.figures', { period: numbers.format(propertySummary.rangeScans), total: numbers.format(propertySummary.totalScans) })}
                </Text>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                  <RoomRankList
                    title={t('lists.mostScanned')}
                    rows={propertySummary.mostScanned}
                    empty={t(propertyRows.length === 0 ? 'lists.none' : 'lists.noneScanned')}
                    limit={3}
                  />
                  <RoomRankList
                    title={t('lists.neverScanned')}
                    rows={propertySummary.neverScanned}
                    empty={t(propertyRows.length === 0 ? 'lists.none' : 'lists.allScanned')}
                    showScans={false}
                    limit={3}
                  />
                </SimpleGrid>
              </ContentCard>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <ContentCard textAlign="center" py="6">
      <Stack gap="3" align="center">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        <Text color="fg.muted" maxW="md">
          {text}
        </Text>
        {children}
      </Stack>
    </ContentCard>
  );
}
