/**
 * "Download all": every room's QR code as a PNG in one ZIP, built without freezing the page. Codes are rendered a
 * batch at a time; after each batch the work yields to the browser (input and painting go on) and reports
 * progress; an AbortSignal stops it between batches.
 *
 * The ZIP is written by fflate (8 kB, streaming, fast) rather than JSZip (about 10× the size, slower): PNGs are
 * already compressed, so their entries are stored, not deflated, and the archive is mostly a copy of the bytes.
 *
 * Rendering is passed in (`RenderQrPng`): in the browser Web Workers draw the codes (qr-png-workers.ts), or the page
 * with qr-code-styling where they cannot; in Node tests any PNG encoder can stand in.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { roomQrLook, type GuideLook } from '../qr-look/room-qr-look';
import type { QrLook } from '../qr-look/qr-styling-options';
import { qrZipFileNames } from './zip-file-names';

/** Draws one room's QR code (the look's `data` is its guide URL) and answers the PNG's bytes. */
export type RenderQrPng = (look: QrLook) => Promise<Uint8Array>;

export interface QrImageJob {
  fileName: string;
  look: QrLook;
}

/** A room as the list reads it with its merged guide (`select=id,name,room_number,guide`). */
export interface RoomForDownload {
  id: string;
  name: string;
  roomNumber: string;
  guide: GuideLook;
}

/** One PNG per room, named like the single download, in the room's guide colours. */
export function qrImageJobs(origin: string, rooms: readonly RoomForDownload[]): QrImageJob[] {
  const fileNames = qrZipFileNames(rooms);
  return rooms.map((room, index) => ({ fileName: fileNames[index], look: roomQrLook(origin, room.id, room.guide) }));
}

export interface ZipProgress {
  done: number;
  total: number;
}

export interface ZipQrOptions {
  /** Codes drawn between two yields (default 8: a few frames of work on a phone). */
  batchSize?: number;
  onProgress?: (progress: ZipProgress) => void;
  signal?: AbortSignal;
  /** How to let the browser breathe between batches (default: a macrotask, so input and paint run). */
  yieldToBrowser?: () => Promise<void>;
  /** Files added after the codes (the rooms' CSV), deflated. */
  extraFiles?: readonly { name: string; bytes: Uint8Array }[];
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

export async function zipQrPngs(jobs: readonly QrImageJob[], render: RenderQrPng, options: ZipQrOptions = {}): Promise<Uint8Array> {
  const { batchSize = 8, onProgress, signal, yieldToBrowser = macrotask, extraFiles = [] } = options;
  const chunks: Uint8Array[] = [];
  let finished = false;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else chunks.push(chunk);
    if (final) finished = true;
  });

  onProgress?.({ done: 0, total: jobs.length });
  for (let start = 0; start < jobs.length; start += batchSize) {
    signal?.throwIfAborted();
    const batch = jobs.slice(start, start + batchSize);
    const images = await Promise.all(batch.map((job) => render(job.look)));
    batch.forEach((job, index) => {
      const entry = new ZipPassThrough(job.fileName);
      zip.add(entry);
      entry.push(images[index], true);
    });
    onProgress?.({ done: start + batch.length, total: jobs.length });
    await yieldToBrowser();
  }
  signal?.throwIfAborted();
  for (const file of extraFiles) {
    const entry = new ZipDeflate(file.name, { level: 6 });
    zip.add(entry);
    entry.push(file.bytes, true);
  }
  zip.end();
  if (failure) throw failure;
  if (!finished) throw new Error('The ZIP archive was not completed.');
  return concat(chunks);
}
