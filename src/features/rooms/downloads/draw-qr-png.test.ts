import { describe, expect, it } from 'vitest';
import { containedBox, qrImageLayout } from './draw-qr-png';

describe('qrImageLayout', () => {
  it('gives every module whole pixels and centres the modules within the margin, as qr-code-styling does', () => {
    // 41 modules (version 6): (300 − 16) / 41 = 6.9 → 6 px a module, (300 − 246) / 2 = 27 px in.
    expect(qrImageLayout(41)).toEqual({ dot: 6, offset: 27 });
    expect(qrImageLayout(37)).toEqual({ dot: 7, offset: 20 });
    expect(qrImageLayout(21, 100, 8)).toEqual({ dot: 4, offset: 8 });
  });

  it('keeps the modules inside the image and off its margin', () => {
    for (let modules = 21; modules <= 57; modules += 4) {
      const { dot, offset } = qrImageLayout(modules);
      expect(offset, `${modules} modules`).toBeGreaterThanOrEqual(8);
      expect(offset + modules * dot, `${modules} modules`).toBeLessThanOrEqual(300 - 8);
    }
  });
});

describe('containedBox', () => {
  it('fits a wide logo to the square’s width, centred on its height', () => {
    expect(containedBox(200, 100, 10, 20, 24)).toEqual({ x: 10, y: 26, width: 24, height: 12 });
  });

  it('fits a tall logo to the square’s height, centred on its width', () => {
    expect(containedBox(50, 100, 0, 0, 30)).toEqual({ x: 7.5, y: 0, width: 15, height: 30 });
  });
});
