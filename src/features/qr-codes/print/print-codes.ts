/**
 * The codes on a print card, as vector paths: the room's guide QR (error correction H, the guide's colours, its
 * logo in the middle) and, if asked, the WiFi-join QR of the room's network (black on white, error correction M,
 * like the guest guide's). They are drawn with qrcode-generator straight into SVG paths rather than through
 * qr-code-styling's canvas and PNG round trip: 300 rooms take a fraction of a second instead of many seconds, and
 * vectors print sharp at any card size.
 */
import type { WifiNetwork } from '@/lib/wifi-payload';
import { qrPath, type QrPath } from '@/lib/qr-path';
import type { RoomForDownload } from '../download-all/qr-zip';
import { roomQrLook } from '../room-qr-look';
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
}

/** Share of the side kept clear for a logo: a little more than qr-code-styling hides, so the logo has a margin. */
const logoShare = 0.1;

export function guideCode(origin: string, room: RoomForDownload): PrintCode {
  const look = roomQrLook(origin, room.id, room.guide);
  return {
    qr: qrPath(look.data, { errorCorrection: 'H', clearShare: look.logoUrl ? logoShare : 0 }),
    color: look.primaryColor ?? '#000000',
    background: look.backgroundColor ?? '#ffffff',
    ...(look.logoUrl ? { logoUrl: look.logoUrl } : {}),
  };
}

export function wifiCode(wifi: WifiNetwork): PrintCode {
  // Black on white whatever the template, as in the guest guide: the code must scan in a dim room.
  return { qr: qrPath(wifiQrData(wifi), { errorCorrection: 'M' }), color: '#000000', background: '#ffffff' };
}

export function cardCodes(origin: string, room: RoomForPrint, withWifi: boolean): CardCodes {
  return { guide: guideCode(origin, room), wifi: withWifi && room.wifi ? wifiCode(room.wifi) : null };
}

export interface DrawOptions {
  /** Cards drawn between two yields (default 50: about a frame's work on a slow laptop). */
  batchSize?: number;
  signal?: AbortSignal;
  yieldToBrowser?: () => Promise<void>;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Draws every card's codes a batch at a time and hands over each batch, yielding between batches so the page keeps
 * painting its progress and answering input. Stops quietly when the signal aborts (the options changed).
 */
export async function drawCardCodes(
  origin: string,
  rooms: readonly RoomForPrint[],
  withWifi: boolean,
  onBatch: (drawn: ReadonlyMap<string, CardCodes>) => void,
  { batchSize = 50, signal, yieldToBrowser = macrotask }: DrawOptions = {},
): Promise<void> {
  for (let start = 0; start < rooms.length; start += batchSize) {
    if (signal?.aborted) return;
    const batch = new Map<string, CardCodes>();
    for (const room of rooms.slice(start, start + batchSize)) batch.set(room.id, cardCodes(origin, room, withWifi));
    onBatch(batch);
    if (start + batchSize < rooms.length) await yieldToBrowser();
  }
}
