import { describe, expect, it, vi } from 'vitest';
import { createProperty } from './create-property';

const insert = vi.fn((row: unknown) => {
  void row;
  return { select: () => ({ single: async () => ({ data: { id: 'p1' }, error: null }) }) };
});
vi.mock('@/lib/supabase', () => ({ supabase: { from: () => ({ insert }) } }));
vi.mock('@/lib/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/i18n')>()),
  i18n: { resolvedLanguage: 'ja-JP', language: 'ja-JP' },
}));

describe('createProperty', () => {
  it("puts it in the host's team, with the host's UI language as the texts' original language", async () => {
    expect(await createProperty('t1', { name: 'Aurora', type: 'hotel', address: null })).toBe('p1');
    expect(insert).toHaveBeenCalledWith({ name: 'Aurora', type: 'hotel', address: null, team_id: 't1', original_language: 'ja' });
  });
});
