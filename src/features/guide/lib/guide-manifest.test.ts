import { describe, expect, it } from 'vitest';
import { guideManifest, manifestDataUrl } from './guide-manifest';

describe('guideManifest', () => {
  const manifest = guideManifest({
    origin: 'https://roomguide.example',
    guideId: 'abc',
    name: 'Sea View Suite',
    roomNumber: '204',
    themeColor: '#1e5aa8',
    backgroundColor: '#fff8dc',
  });

  it('starts at and is scoped to that room guide, with absolute URLs', () => {
    expect(manifest.start_url).toBe('https://roomguide.example/guide/abc');
    expect(manifest.scope).toBe('https://roomguide.example/guide/abc');
    expect(manifest.id).toBe(manifest.start_url);
    expect(manifest.icons.every((icon) => icon.src.startsWith('https://roomguide.example/'))).toBe(true);
  });

  it('is installable: names, standalone, 192/512 and maskable icons', () => {
    expect(manifest).toMatchObject({ name: 'Sea View Suite · 204', short_name: 'Sea View Suite', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('round-trips through a data: URL', () => {
    const url = manifestDataUrl(manifest);
    expect(url.startsWith('data:application/manifest+json')).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.slice(url.indexOf(',') + 1)))).toEqual(manifest);
  });
});
