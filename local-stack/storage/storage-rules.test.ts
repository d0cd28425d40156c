import { describe, expect, it } from 'vitest';
import { mimeTypeAllowed, parseRange } from './rules.ts';

describe('bucket allowed_mime_types', () => {
  it('matches exact types, ignoring parameters and case', () => {
    expect(mimeTypeAllowed('image/png', ['image/jpeg', 'image/png'])).toBe(true);
    expect(mimeTypeAllowed('IMAGE/PNG; charset=binary', ['image/png'])).toBe(true);
    expect(mimeTypeAllowed('text/plain;charset=UTF-8', ['image/jpeg', 'image/png', 'image/webp'])).toBe(false);
  });

  it('matches type/* wildcards and allows anything when the bucket sets no list', () => {
    expect(mimeTypeAllowed('image/gif', ['image/*'])).toBe(true);
    expect(mimeTypeAllowed('application/pdf', ['image/*'])).toBe(false);
    expect(mimeTypeAllowed('application/pdf', null)).toBe(true);
    expect(mimeTypeAllowed('application/pdf', [])).toBe(true);
  });
});

describe('Range requests', () => {
  it('reads one interval, an open end or a suffix, and refuses what lies outside the file', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
