import type { QrPath } from '@/lib/qr-path';

/** Draws the SVG path's module rectangles into pixels (4 px a module, 4 modules of white around) for a decoder. */
export function rasterizeQrPath({ size, path }: QrPath) {
  const scale = 4;
  const quiet = 4;
  const width = (size + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let column = Number(x); column < Number(x) + Number(run); column++) {
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const offset = (((Number(y) + quiet) * scale + dy) * width + (column + quiet) * scale + dx) * 4;
          pixels.set([0, 0, 0, 255], offset);
        }
      }
    }
  }
  return { pixels, width };
}
