import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { rasterizeQrPath } from '@/testing/rasterize-qr-path';
import { qrPath, type QrPath } from './qr-path';

const decode = (qr: QrPath) => {
  const { pixels, width } = rasterizeQrPath(qr);
  return jsQR(pixels, width, width)?.data;
};

describe('qrPath', () => {
  it('draws a code that decodes to its text, at every error correction level', () => {
    for (const errorCorrection of ['L', 'M', 'Q', 'H'] as const) {
      expect(decode(qrPath('https://roomguide.example/guide/3f2a', { errorCorrection }))).toBe('https://roomguide.example/guide/3f2a');
    }
  });

  it('uses more modules for the same text at error correction H', () => {
    const text = 'https://roomguide.example/guide/33333333-3333-4333-8333-333333333101';
    expect(qrPath(text, { errorCorrection: 'H' }).size).toBeGreaterThan(qrPath(text, { errorCorrection: 'L' }).size);
  });

  it('leaves a centred, odd-sided square light for a logo, and error correction H still reads the code', () => {
    const text = 'https://roomguide.example/guide/33333333-3333-4333-8333-333333333101';
    const qr = qrPath(text, { errorCorrection: 'H', clearShare: 0.2 });
    expect(qr.clear!.side % 2).toBe(1);
    expect(qr.clear!.start * 2 + qr.clear!.side).toBe(qr.size);
    for (const [, x, y] of qr.path.matchAll(/M(\d+) (\d+)h/g)) {
      const inside =
        Number(y) >= qr.clear!.start &&
        Number(y) < qr.clear!.start + qr.clear!.side &&
        Number(x) >= qr.clear!.start &&
        Number(x) < qr.clear!.start + qr.clear!.side;
      expect(inside).toBe(false);
    }
    expect(decode(qr)).toBe(text);
  });
});
