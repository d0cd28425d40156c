import { describe, expect, it } from 'vitest';
import type { GuideNotice } from '../types';
import { currentNotices, nextNoticeChange } from './notices';

const pool: GuideNotice = {
  id: 'pool',
  text: 'The pool is closed today',
  translations: { es: 'La piscina está cerrada hoy' },
  startsAt: '2026-05-01T08:00:00Z',
  endsAt: '2026-05-01T20:00:00Z',
};
const at = (iso: string) => Date.parse(iso);

describe('notices to guests', () => {
  it('show only inside their window, in the guest’s language where the host translated them', () => {
    expect(currentNotices([pool], 'en', at('2026-05-01T07:59:59Z'))).toEqual([]);
    expect(currentNotices([pool], 'es', at('2026-05-01T08:00:00Z'))).toEqual([{ id: 'pool', text: 'La piscina está cerrada hoy' }]);
    expect(currentNotices([pool], 'de', at('2026-05-01T12:00:00Z'))).toEqual([{ id: 'pool', text: 'The pool is closed today' }]);
    expect(currentNotices([pool], 'en', at('2026-05-01T20:00:00Z'))).toEqual([]);
  });

  it('tell the page when to look again: the next start or end', () => {
    expect(nextNoticeChange([pool], at('2026-05-01T07:00:00Z'))).toBe(at('2026-05-01T08:00:00Z'));
    expect(nextNoticeChange([pool], at('2026-05-01T09:00:00Z'))).toBe(at('2026-05-01T20:00:00Z'));
    expect(nextNoticeChange([pool], at('2026-05-01T21:00:00Z'))).toBeNull();
  });
});
