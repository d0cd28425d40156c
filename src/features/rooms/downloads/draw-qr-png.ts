/**
 * A room's code as PNG bytes for "Download all", drawn on an OffscreenCanvas (in a worker, qr-png-worker.ts): the
 * modules of qrcode-generator (the encoder inside qr-code-styling, so the same modules as the single download), as
 * square modules in the guide's colours, at the single download's size and margin, the logo contained in the cleared
 * middle as on the print sheet. Without qr-code-styling's SVG, image and canvas round trip on the page's thread, a
 * code takes a few milliseconds instead of about 35.
 */
import { qrPath } from '@/lib/qr-path';
import { logoClearShare } from '../qr-look/room-qr-look';
import { QR_IMAGE_MARGIN, QR_IMAGE_SIZE, type QrLook } from '../qr-look/qr-styling-options';

/** Where the modules go: `dot` pixels a module, from `offset` pixels in on both axes (as qr-code-styling places them). */
export function qrImageLayout(modules: number, size = QR_IMAGE_SIZE, margin = QR_IMAGE_MARGIN): { dot: number; offset: number } {
  const dot = Math.floor((size - 2 * margin) / modules);
  return { dot, offset: Math.floor((size - modules * dot) / 2) };
}

/** The largest box of the image's shape that fits in a square of `side` at (`x`, `y`), centred (SVG's `meet`). */
export function containedBox(width: number, height: number, x: number, y: number, side: number): { x: number; y: number; width: number; height: number } {
  const scale = side / Math.max(width, height, 1);
  const fitted = { width: width * scale, height: height * scale };
  return { x: x + (side - fitted.width) / 2, y: y + (side - fitted.height) / 2, ...fitted };
}

/** One code to draw: its look, and its logo already decoded (logo-bitmaps.ts), or null to draw the code whole. */
export interface QrPngJob {
  look: QrLook;
  logo: ImageBitmap | null;
}

export async function drawQrPng({ look, logo }: QrPngJob): Promise<Uint8Array> {
  const qr = qrPath(look.data, { errorCorrection: 'H', clearShare: logo ? logoClearShare : 0 });
  const size = look.size ?? QR_IMAGE_SIZE;
  const canvas = new OffscreenCanvas(size, size);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas to draw the QR code on.');
  context.fillStyle = look.backgroundColor || '#ffffff';
  context.fillRect(0, 0, size, size);
  const { dot, offset } = qrImageLayout(qr.size, size);
  context.save();
  // Whole pixels a module: every edge falls on a pixel boundary, so modules come out as sharp as qr-code-styling's.
  context.translate(offset, offset);
  context.scale(dot, dot);
  context.fillStyle = look.primaryColor || '#000000';
  context.fill(new Path2D(qr.path));
  context.restore();
  if (logo && qr.clear) {
    const box = containedBox(logo.width, logo.height, offset + (qr.clear.start + 0.5) * dot, offset + (qr.clear.start + 0.5) * dot, (qr.clear.side - 1) * dot);
    context.imageSmoothingQuality = 'high';
    context.drawImage(logo, box.x, box.y, box.width, box.height);
  }
  const png = await canvas.convertToBlob({ type: 'image/png' });
  return new Uint8Array(await png.arrayBuffer());
}
