/**
 * The analytics page's guest requests for the shown range and scope: per type how many were asked and done and the
 * median time to done, the days they came on, and a CSV of them. Live: a new request marks the figures stale.
 */
import { Box, Button, Flex, Table, Text, chakra } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import { toaster } from '@/components/toaster';
import { useRefreshWhileNotLive } from '@/lib/data/live-updates';
import { queryKeys } from '@/lib/data/query-keys';
import { REQUEST_TYPE_LABELS, isGuestRequestType } from '@/lib/guest-requests';
import { saveFile } from '@/lib/save-file';
import { getRequestDays } from '../api/get-request-days';
import { formatDuration, requestCsvFileName, requestCsvText, requestFigures } from '../request-figures';

interface GuestRequestFiguresProps {
  userId: string;
  teamId: string;
  propertyId: string | null;
  fromDay: string;
  toDay: string;
  language: string;
}

export function GuestRequestFigures({ userId, teamId, propertyId, fromDay, toDay, language }: GuestRequestFiguresProps) {
  const { t } = useTranslation('analytics');
  const { t: requestText } = useTranslation('guest-requests');
  const refetchInterval = useRefreshWhileNotLive();
  const range = { fromDay, toDay, teamId, propertyId };
  const days = useQuery({
    queryKey: queryKeys.guestRequestDays(userId, range),
    queryFn: () => getRequestDays(range),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const typeLabel = (type: string) => (isGuestRequestType(type) ? requestText(REQUEST_TYPE_LABELS[type]) : type);
  const numbers = new Intl.NumberFormat(language);
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const figures = requestFigures(days.data ?? []);

  const download = () => {
    const headers = {
      day: t('csv.day'),
      type: t('requests.type'),
      requests: t('requests.requests'),
      done: t('requests.done'),
      medianMinutes: t('requests.medianMinutes'),
    };
    saveFile(new Blob([requestCsvText(figures, headers, typeLabel)], { type: 'text/csv;charset=utf-8' }), requestCsvFileName(fromDay, toDay));
    toaster.create({ type: 'success', title: t('requests.downloaded') });
  };

  return (
    <ContentCard
      title={t('requests.title')}
      footer={
        figures.requests > 0 && (
          <Button variant="outline" minH="11" onClick={download} disabled={days.isPlaceholderData}>
            {t('requests.download')}
          </Button>
        )
      }
    >
      {days.isError ? (
        <Text color="fg.error">{t('errors.loadFailed')}</Text>
      ) : figures.requests === 0 ? (
        <Text color="fg.muted">{days.isPending ? '…' : t('requests.none')}</Text>
      ) : (
        <Box>
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label={t('requests.byType')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('requests.type')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('requests.requests')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('requests.done')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('requests.median')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {figures.totals.map((row) => (
                  <Table.Row key={row.type}>
                    <Table.Cell>{typeLabel(row.type)}</Table.Cell>
                    <Table.Cell textAlign="end">{numbers.format(row.requests)}</Table.Cell>
                    <Table.Cell textAlign="end">{numbers.format(row.done)}</Table.Cell>
                    <Table.Cell textAlign="end">{row.median_seconds_to_done === null ? '—' : formatDuration(row.median_seconds_to_done, language)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <chakra.details mt="4">
            <chakra.summary cursor="pointer" minH="11" display="flex" alignItems="center" fontWeight="medium">
              {t('requests.perDay')}
            </chakra.summary>
            <Flex direction="column" gap="1" mt="2" as="ul" listStyleType="none">
              {figures.days.map((row) => (
                <Text as="li" key={`${row.day}-${row.type}`} textStyle="sm">
                  {t('requests.dayLine', {
                    day: dateFormat.format(new Date(`${row.day}T00:00:00Z`)),
                    type: typeLabel(row.type),
                    requests: numbers.format(row.requests),
                    done: numbers.format(row.done),
                  })}
                </Text>
              ))}
            </Flex>
          </chakra.details>
        </Box>
      )}
    </ContentCard>
  );
}
