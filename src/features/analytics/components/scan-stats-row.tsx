import { SimpleGrid, Stat } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatScanTime } from '@/lib/scan-range';
import type { ScanSummary } from '../scan-summary';

/** The headline figures of a scope (all properties, or one): period and all-time scans, last scan, never-scanned rooms. */
export function ScanStatsRow({ summary, language }: { summary: ScanSummary; language: string }) {
  const { t } = useTranslation('analytics');
  const numbers = new Intl.NumberFormat(language);
  const lastScan = summary.lastScannedAt ? formatScanTime(summary.lastScannedAt, language) : t('stats.never');
  const figures = [
    { label: t('stats.rangeScans'), value: numbers.format(summary.rangeScans), testId: 'range-scans' },
    { label: t('stats.totalScans'), value: numbers.format(summary.totalScans), testId: 'all-time-scans' },
    { label: t('stats.lastScan'), value: lastScan, testId: 'last-scan', small: true },
    { label: t('stats.neverScannedRooms'), value: numbers.format(summary.neverScanned.length), testId: 'never-scanned-count' },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '4' }}>
      {figures.map((figure) => (
        <Stat.Root key={figure.testId} borderWidth="1px" borderRadius="xl" bg="bg.panel" p={{ base: '3', md: '4' }} boxShadow="xs" minW="0">
          <Stat.Label>{figure.label}</Stat.Label>
          <Stat.ValueText data-testid={figure.testId} textStyle={figure.small ? { base: 'md', md: 'lg' } : { base: 'xl', md: '2xl' }} overflowWrap="anywhere">
            {figure.value}
          </Stat.ValueText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
