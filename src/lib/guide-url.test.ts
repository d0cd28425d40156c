import { describe, expect, it } from 'vitest';
import { GUIDE_PATHS, guideIdFromPath, guidePath, guideUrl } from './guide-url';

describe('guideIdFromPath', () => {
  it('reads the id', () => {
    expect(guideIdFromPath('/guide/7b0c6f3e-1111-4222-8333-944445555666')).toBe('7b0c6f3e-1111-4222-8333-944445555666');
    expect(guideIdFromPath('/guide/abc/')).toBe('abc');
  });

  it('has no id for /guide/ or other paths', () => {
    expect(guideIdFromPath('/guide/')).toBeUndefined();
    expect(guideIdFromPath('/guide')).toBeUndefined();
    expect(guideIdFromPath('/guide/a/b')).toBeUndefined();
    expect(guideIdFromPath('/guide/%E0%A4%A')).toBeUndefined();
    expect(guideIdFromPath('/guides/abc')).toBeUndefined();
  });
});

describe('guide URLs', () => {
  it('builds the path and the absolute URL a QR code encodes, and reads its own output back', () => {
    expect(guidePath('abc')).toBe('/guide/abc');
    expect(guideUrl('https://roomguide.app/', 'abc')).toBe('https://roomguide.app/guide/abc');
    expect(guideIdFromPath(new URL(guideUrl('https://x.example', 'a b')).pathname)).toBe('a b');
  });

  it('covers /guide and everything under it, nothing else', () => {
    for (const path of ['/guide', '/guide/', '/guide/abc']) expect(GUIDE_PATHS.test(path), path).toBe(true);
    for (const path of ['/guides', '/guidebook/x', '/', '/dashboard/guide/x']) expect(GUIDE_PATHS.test(path), path).toBe(false);
  });
});
