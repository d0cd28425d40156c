/**
 * `rooms.csv` in the "Download all" ZIP: a line per room with its number, name, guide link and the PNG's file name in
 * the ZIP, for a sign maker's mail merge or a property management system (headers in the host's language).
 */
import { spreadsheetCsv } from '@/lib/spreadsheet-csv';
import type { QrImageJob, RoomForDownload } from './qr-zip';

export const roomsCsvFileName = 'rooms.csv';

export interface RoomsCsvHeaders {
  roomNumber: string;
  roomName: string;
  guideLink: string;
  qrImage: string;
}

/** `jobs[i]` is `rooms[i]`'s code (qrImageJobs). */
export function roomsCsvText(rooms: readonly RoomForDownload[], jobs: readonly QrImageJob[], headers: RoomsCsvHeaders): string {
  return spreadsheetCsv(
    [headers.roomNumber, headers.roomName, headers.guideLink, headers.qrImage],
    rooms.map((room, index) => [room.roomNumber, room.name, jobs[index].look.data, jobs[index].fileName]),
  );
}
