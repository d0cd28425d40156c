// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mimeTypeAllowed } from './index.ts';

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
