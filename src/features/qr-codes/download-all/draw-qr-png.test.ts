import { afterEach, describe, expect, it, vi } from 'vitest';
import { containedBox, logoLoader, qrImageLayout } from './draw-qr-png';

describe('qrImageLayout', () => {
  it('gives every module whole pixels and centres the modules within the margin, as qr-code-styling does', () => {
    // A guide URL at error correction H is 41 modules (version 6): (300 − 16) / 41 = 6.9 → 6 px, (300 − 246) / 2 = 27.
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

describe('logoLoader', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fetches each logo once for all the codes that show it', async () => {
    const bitmap = { width: 192, height: 192 } as ImageBitmap;
    const fetchLogo = vi.fn(async () => new Response('png bytes'));
    vi.stubGlobal('fetch', fetchLogo);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => bitmap),
    );
    const load = logoLoader();
    expect(await Promise.all([load('https://cdn.example/logo.png'), load('https://cdn.example/logo.png')])).toEqual([bitmap, bitmap]);
    expect(fetchLogo).toHaveBeenCalledTimes(1);
    expect(fetchLogo).toHaveBeenCalledWith('https://cdn.example/logo.png', { mode: 'cors' });
  });

  it('answers null for a logo that cannot be had, so the code is drawn whole', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    expect(await logoLoader()('https://cdn.example/gone.png')).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(
      'The logo https://cdn.example/gone.png could not be loaded; the codes are drawn without it',
      new Error('HTTP 404'),
    );
  });
});
