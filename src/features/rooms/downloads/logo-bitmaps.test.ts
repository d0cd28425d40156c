import { afterEach, describe, expect, it, vi } from 'vitest';
import { logoBitmaps } from './logo-bitmaps';

afterEach(() => vi.restoreAllMocks());

describe('logoBitmaps', () => {
  it('decodes each logo once for all the codes that show it', async () => {
    const bitmap = { width: 96, height: 96 } as ImageBitmap;
    const decode = vi.fn(async () => bitmap);
    const logo = logoBitmaps(decode);
    expect(await Promise.all([logo('https://cdn.example/logo.png'), logo('https://cdn.example/logo.png'), logo('https://cdn.example/other.png')])).toEqual([
      bitmap,
      bitmap,
      bitmap,
    ]);
    expect(decode.mock.calls).toEqual([['https://cdn.example/logo.png'], ['https://cdn.example/other.png']]);
  });

  it('answers null for a logo that cannot be had (gone, or its server forbids drawing it), so the code is drawn whole', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = new Error('The source image could not be decoded.');
    const logo = logoBitmaps(async () => Promise.reject(refused));
    expect(await logo('https://hotel.example/logo.png')).toBeNull();
    expect(console.warn).toHaveBeenCalledWith('The logo https://hotel.example/logo.png could not be loaded; the codes are drawn without it', refused);
  });
});
