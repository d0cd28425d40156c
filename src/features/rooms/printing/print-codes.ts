/**
 * The codes on a print card, as vector paths: the room's guide QR (error correction H, the guide's colours, its
 * logo in the middle) and, if asked, the WiFi-join QR of the room's network (black on white, error correction M,
 * like the guest guide's). They are drawn with qrcode-generator straight into SVG paths rather than through
 * qr-code-styling's canvas and PNG round trip: 300 rooms take a fraction of a second instead of many seconds, and
 * vectors print sharp at any card size.
 */
import type { WifiNetwork } from '@/lib/wifi-payload';
import { qrPath, type QrPath, type QrPathOptions } from '@/lib/qr-path';
import type { RoomForDownload } from '../downloads/qr-zip';
import { logoClearShare, roomQrLook } from '../qr-look/room-qr-look';
import { wifiQrData } from './card-wifi';

export interface PrintCode {
  qr: QrPath;
  color: string;
  background: string;
  logoUrl?: string;
}

export interface CardCodes {
  guide: PrintCode;
  /** Null when the WiFi code is not asked for or the room has no network. */
  wifi: PrintCode | null;
}

export interface RoomForPrint extends RoomForDownload {
  wifi: WifiNetwork | null;
  /** The hotel's name as the room's guide shows it ('' when the guide has none). */
  hotelName: string;
}

/** One code to encode: its text and how. */
export interface QrJob {
  text: string;
  options: QrPathOptions;
}

/** Encodes codes: in the page (`drawInPage`) or in a worker, so the page keeps rendering cards meanwhile. */
export type DrawQrPaths = (jobs: QrJob[]) => Promise<QrPath[]>;

export const drawInPage: DrawQrPaths = async (jobs) => jobs.map((job) => qrPath(job.text, job.options));

/** A card's codes as jobs, and how to put the encoded paths back together. */
function cardJobs(origin: string, room: RoomForPrint, withWifi: boolean): { jobs: QrJob[]; codes: (paths: QrPath[]) => CardCodes } {
  const look = roomQrLook(origin, room.id, room.guide);
  const guide: QrJob = { text: look.data, options: { errorCorrection: 'H', clearShare: look.logoUrl ? logoClearShare : 0 } };
  const wifi: QrJob | null = withWifi && room.wifi ? { text: wifiQrData(room.wifi), options: { errorCorrection: 'M' } } : null;
  return {
    jobs: wifi ? [guide, wifi] : [guide],
    codes: ([guidePath, wifiPath]) => ({
      guide: {
        qr: guidePath,
        color: look.primaryColor ?? '#000000',
        background: look.backgroundColor ?? '#ffffff',
        ...(look.logoUrl ? { logoUrl: look.logoUrl } : {}),
      },
      // Black on white whatever the template, as in the guest guide: the code must scan in a dim room.
      wifi: wifiPath ? { qr: wifiPath, color: '#000000', background: '#ffffff' } : null,
    }),
  };
}

export async function cardCodes(origin: string, room: RoomForPrint, withWifi: boolean, draw: DrawQrPaths = drawInPage): Promise<CardCodes> {
  const { jobs, codes } = cardJobs(origin, room, withWifi);
  return codes(await draw(jobs));
}

export interface DrawOptions {
  /** Cards encoded per batch (default 50). */
  batchSize?: number;
  signal?: AbortSignal;
  draw?: DrawQrPaths;
  /** Batches asked for ahead of the one being handed over (default 1; one per worker keeps every worker busy). */
  lookahead?: number;
  yieldToBrowser?: () => Promise<void>;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Encodes every card's codes a batch at a time and hands over each batch, yielding between batches so the page keeps
 * painting its progress and answering input. The next batch is asked for before the current one is handed over, so
 * with a worker the encoding of one batch overlaps the rendering of the one before. Stops quietly when the signal
 * aborts (the options changed).
 */
export async function drawCardCodes(
  origin: string,
  rooms: readonly RoomForPrint[],
  withWifi: boolean,
  onBatch: (drawn: ReadonlyMap<string, CardCodes>) => void,
  { batchSize = 50, signal, draw = drawInPage, lookahead = 1, yieldToBrowser = macrotask }: DrawOptions = {},
): Promise<void> {
  const request = (start: number) => {
    const cards = rooms.slice(start, start + batchSize).map((room) => ({ room, ...cardJobs(origin, room, withWifi) }));
    const jobs = cards.flatMap((card) => card.jobs);
    return draw(jobs).then((paths) => {
      const batch = new Map<string, CardCodes>();
      let offset = 0;
      for (const card of cards) {
        batch.set(card.room.id, card.codes(paths.slice(offset, offset + card.jobs.length)));
        offset += card.jobs.length;
      }
      return batch;
    });
  };
  const queued: Promise<Map<string, CardCodes>>[] = [];
  let requested = 0;
  const fill = () => {
    while (queued.length <= lookahead && requested < rooms.length) {
      queued.push(request(requested));
      requested += batchSize;
    }
  };
  fill();
  while (queued.length > 0) {
    const current = queued.shift()!;
    fill();
    const batch = await current;
    if (signal?.aborted) return;
    onBatch(batch);
    if (queued.length > 0) await yieldToBrowser();
  }
}
