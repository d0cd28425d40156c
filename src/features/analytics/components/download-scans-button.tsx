import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { toaster } from '@/components/toaster';
import { saveFile } from '@/lib/save-file';
import type { PropertyRow, ScanStatsRow } from '@/lib/data/rows';
import { scanCsvFileName, scanCsvText } from '../scan-csv';
import { scanCsvRecords } from '../scan-summary';

/** "Download CSV": the shown rooms' scans for the shown range, a line per room with its total and its days, built in the browser from what is on screen. */
export function DownloadScansButton({
  rows,
  properties,
  fromDay,
  toDay,
  disabled,
}: {
  rows: ScanStatsRow[];
  properties: PropertyRow[];
  fromDay: string;
  toDay: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('analytics');
  const download = () => {
    const names = new Map(properties.map((property) => [property.id, property.name]));
    const headers = { property: t('csv.property'), roomNumber: t('csv.roomNumber'), roomName: t('csv.roomName'), total: t('csv.total') };
    saveFile(new Blob([scanCsvText(scanCsvRecords(rows, fromDay, names), headers)], { type: 'text/csv;charset=utf-8' }), scanCsvFileName(fromDay, toDay));
    toaster.create({ type: 'success', title: t('csv.downloaded') });
  };
  return (
    <Button variant="outline" minH="11" onClick={download} disabled={disabled || rows.length === 0}>
      {t('csv.download')}
    </Button>
  );
}
