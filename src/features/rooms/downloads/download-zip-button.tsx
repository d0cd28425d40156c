/**
 * "Download all" (and, in the selection bar, "Download N rooms"): the rooms' QR codes as PNGs (named like the single
 * download) in one ZIP, with `rooms.csv` listing each room's number, name, guide link and PNG. Hundreds of codes are drawn beside the page, a batch at a time, with progress on the button,
 * and the page stays usable meanwhile.
 */
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '@/components/toaster';
import { saveFile } from '@/lib/save-file';
import { listRoomsForDownload } from '../api/list-rooms-for-download';
import { qrImageJobs, zipQrPngs } from './qr-zip';
import { roomsCsvFileName, roomsCsvText } from './rooms-csv';
import { qrZipName } from './zip-file-names';
import { startQrPngWorkers } from './qr-png-workers';

interface DownloadZipButtonProps {
  propertyId: string;
  propertyName: string;
  /** The rooms to download; every room of the property when absent. */
  roomIds?: readonly string[];
  roomCount: number;
  label: string;
}

export function DownloadZipButton({ propertyId, propertyName, roomIds, roomCount, label }: DownloadZipButtonProps) {
  const { t } = useTranslation('rooms');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const download = async () => {
    setProgress({ done: 0, total: roomCount });
    const workers = startQrPngWorkers();
    try {
      const propertyRooms = await listRoomsForDownload(propertyId);
      const wanted = roomIds ? new Set(roomIds) : null;
      const rooms = wanted ? propertyRooms.filter((room) => wanted.has(room.id)) : propertyRooms;
      const jobs = qrImageJobs(window.location.origin, rooms);
      const csv = roomsCsvText(rooms, jobs, {
        roomNumber: t('zipCsv.roomNumber'),
        roomName: t('zipCsv.roomName'),
        guideLink: t('zipCsv.guideLink'),
        qrImage: t('zipCsv.qrImage'),
      });
      const zip = await zipQrPngs(jobs, workers.render, {
        onProgress: setProgress,
        // Eight codes a worker between two progress updates.
        batchSize: 8 * workers.size,
        extraFiles: [{ name: roomsCsvFileName, bytes: new TextEncoder().encode(csv) }],
      });
      saveFile(new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), qrZipName(propertyName));
    } catch (error) {
      console.error('Download all failed', error);
      toaster.create({ type: 'error', title: t('list.downloadAllFailed') });
    } finally {
      workers.close();
      setProgress(null);
    }
  };

  return (
    <Button
      minH="11"
      variant="outline"
      disabled={roomCount === 0}
      loading={progress !== null}
      loadingText={progress ? t('list.downloadAllProgress', progress) : undefined}
      onClick={() => void download()}
    >
      {label}
    </Button>
  );
}
