import { describe, expect, it } from 'vitest';
import type { RequestDayRow } from './api/get-request-days';
import { formatDuration, requestCsvText, requestFigures } from './request-figures';

const rows: RequestDayRow[] = [
  { day: null, type: 'maintenance', requests: 1, done: 0, median_seconds_to_done: null },
  { day: null, type: 'towels', requests: 3, done: 3, median_seconds_to_done: 1800 },
  { day: '2026-03-04', type: 'maintenance', requests: 1, done: 0, median_seconds_to_done: null },
  { day: '2026-03-04', type: 'towels', requests: 1, done: 1, median_seconds_to_done: 600 },
  { day: '2026-03-05', type: 'towels', requests: 2, done: 2, median_seconds_to_done: 2730 },
];

describe('guest request figures', () => {
  it('split the range’s totals per type from the days, newest day first', () => {
    const figures = requestFigures(rows);
    expect(figures.requests).toBe(4);
    expect(figures.totals.map((row) => row.type)).toEqual(['maintenance', 'towels']);
    expect(figures.days.map((row) => `${row.day} ${row.type}`)).toEqual(['2026-03-05 towels', '2026-03-04 maintenance', '2026-03-04 towels']);
  });

  it('write a CSV line per day and type, oldest first, the median in whole minutes', () => {
    const text = requestCsvText(
      requestFigures(rows),
      { day: 'Day', type: 'Type', requests: 'Requests', done: 'Done', medianMinutes: 'Median minutes' },
      (type) => (type === 'towels' ? 'Extra towels' : 'Something to fix'),
    );
    expect(text.replace('\uFEFF', '').split('\r\n')).toEqual([
      'Day,Type,Requests,Done,Median minutes',
      '2026-03-04,Something to fix,1,0,',
      '2026-03-04,Extra towels,1,1,10',
      '2026-03-05,Extra towels,2,2,46',
    ]);
  });

  it('say how long in the unit that keeps the number short', () => {
    expect(formatDuration(30, 'en')).toBe('1 min');
    expect(formatDuration(1800, 'en')).toBe('30 min');
    expect(formatDuration(9000, 'en')).toBe('2.5 hr');
    expect(formatDuration(2 * 86_400, 'de')).toBe('2 Tg.');
  });
});
