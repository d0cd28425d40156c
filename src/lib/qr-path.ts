/**
 * A QR code as one SVG path (each run of dark modules in a row is one rectangle), `size` modules square: the
 * landing page's demo card and the print sheet draw codes this way. It is qrcode-generator (the encoder inside
 * qr-code-styling, so the same modules as a downloaded PNG), without qr-code-styling's canvas and image round trip:
 * a few hundred codes are drawn in well under a second, and they print as sharp vectors at any size.
 */
import qrcode from 'qrcode-generator';

export type ErrorCorrection = 'L' | 'M' | 'Q' | 'H';

export interface QrPath {
  /** Modules per side (without any quiet zone). */
  size: number;
  /** `M x y h run v1 h-run z` for every run of dark modules. */
  path: string;
  /** The centred square of modules left light for a logo (`clearSide` modules a side, from `clearStart`), if asked. */
  clear?: { start: number; side: number };
}

export interface QrPathOptions {
  errorCorrection?: ErrorCorrection;
  /**
   * Leave a centred square of about this share of the side light (like qr-code-styling's `hideBackgroundDots`),
   * for a logo drawn over it. Error correction H restores the hidden modules.
   */
  clearShare?: number;
}

/**
 * `text` is written as bytes, one per character (qrcode-generator's default, as qr-code-styling does): pass UTF-8
 * as a byte string (see `toUtf8ByteString`) for text beyond Latin-1.
 */
export function qrPath(text: string, { errorCorrection = 'M', clearShare = 0 }: QrPathOptions = {}): QrPath {
  const qr = qrcode(0, errorCorrection);
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  // An odd side keeps the square centred on the middle module; never more than the finder-free middle.
  const side = clearShare > 0 ? Math.min(size - 16, Math.max(1, Math.round(size * clearShare)) | 1) : 0;
  const start = (size - side) / 2;
  const dark = (row: number, column: number) =>
    qr.isDark(row, column) && !(side > 0 && row >= start && row < start + side && column >= start && column < start + side);
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (!dark(row, column)) continue;
      let run = 1;
      while (column + run < size && dark(row, column + run)) run++;
      path += `M${column} ${row}h${run}v1h-${run}z`;
      column += run - 1;
    }
  }
  return side > 0 ? { size, path, clear: { start, side } } : { size, path };
}
