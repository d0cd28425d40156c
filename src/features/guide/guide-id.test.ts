import { describe, expect, it } from 'vitest';
import { guideIdFromPath } from './guide-id';

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
  });
});
