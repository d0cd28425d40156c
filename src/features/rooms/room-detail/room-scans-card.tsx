import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ContentCard } from '@/components/content-card';
import { DayRangePicker } from '@/components/day-range-picker';
import { LazyDailyChart } from '@/components/lazy-daily-chart';
import { StatusAlert } from '@/components/status-alert';
import { scanStatsQuery, useUserId } from '@/lib/data/queries';
import { useRefreshWhileNotLive } from '@/lib/data/live-updates';
import { href } from '@/lib/paths';
import { daysOfRange, lastDays, type ScanRangeDays } from '@/lib/scan-range';

/** A room's scans per UTC day over the last 7, 30 or 90 days (the analytics screen's chart, for this one room). */
export function RoomScansCard({ propertyId, roomId, roomName }: { propertyId: string; roomId: string; roomName: string }) {
  const { t, i18n } = useTranslation('analytics');
  const language = i18n.resolvedLanguage ?? 'en';
  const userId = useUserId();
  const [days, setDays] = useState<ScanRangeDays>(30);
  const refreshInterval = useRefreshWhileNotLive();
  const stats = useQuery({
    ...scanStatsQuery(userId, { ...lastDays(days), roomId }),
    enabled: userId !== '',
    refetchInterval: refreshInterval,
    placeholderData: keepPreviousData,
  });
  // The days of the range on screen: while another range loads, the previous one stays with its own days.
  const { fromDay, toDay } = stats.data ?? lastDays(days);
  const room = stats.data?.rows[0];
  const daily = room?.daily_scans;
  const chartDays = useMemo(() => daysOfRange(fromDay, toDay), [fromDay, toDay]);
  const series = useMemo(() => (daily ? [{ label: roomName, values: daily }] : []), [daily, roomName]);
  const dayDate = (day: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

  return (
    <ContentCard title={t('room.title')}>
      <Flex gap="3" wrap="wrap" justify="space-between" align="center">
        <DayRangePicker value={days} onChange={setDays} label={t('range.label')} optionLabel={(count) => t('range.days', { count })} />
        <Button asChild variant="ghost" minH="11">
          <RouterLink to={href.analytics(propertyId)}>{t('room.viewAll')}</RouterLink>
        </Button>
      </Flex>
      {stats.isError ? (
        <Stack gap="3" align="flex-start">
          <StatusAlert status="error">{t('errors.loadFailed')}</StatusAlert>
          <Button variant="outline" minH="11" onClick={() => void stats.refetch()}>
            {t('errors.retry')}
          </Button>
        </Stack>
      ) : room?.total_scans === 0 ? (
        // Never scanned: a chart of zeros would say nothing. The 30-second refresh shows the chart after the first scan.
        <Text>{t('room.noScans')}</Text>
      ) : (
        series.length > 0 && (
          <LazyDailyChart
            days={chartDays}
            series={series}
            language={language}
            height={200}
            ariaLabel={t('chart.ariaLabel', { from: dayDate(fromDay), to: dayDate(toDay) })}
            tableLabel={t('chart.showTable')}
            dayLabel={t('chart.day')}
          />
        )
      )}
      <Text color="fg.muted" textStyle="sm">
        {t('refresh')}
      </Text>
    </ContentCard>
  );
}
