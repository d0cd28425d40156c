import { describe, expect, it } from 'vitest';
import { addDays, daysOfRange, formatScanTime, lastDays, parseRangeDays, SCAN_RANGE_DAYS } from './scan-range';

describe('scan ranges (UTC days)', () => {
  it('offers the last 7, 30 and 90 days', () => expect(SCAN_RANGE_DAYS).toEqual([7, 30, 90]));

  it('reads a range from the URL, falling back for anything it does not offer', () => {
    expect(parseRangeDays('90')).toBe(90);
    expect(parseRangeDays('8')).toBe(30);
    expect(parseRangeDays(null, 7)).toBe(7);
  });

  it('counts today (UTC) as the last day of the range, whatever the local clock says', () => {
    // 23:30 in Los Angeles on 1 March is already 2 March in UTC.
    expect(lastDays(7, new Date('2026-03-02T07:30:00Z'))).toEqual({ fromDay: '2026-02-24', toDay: '2026-03-02' });
    expect(lastDays(1, new Date('2026-03-01T23:59:59.999Z'))).toEqual({ fromDay: '2026-03-01', toDay: '2026-03-01' });
    expect(lastDays(90, new Date('2026-03-31T12:00:00Z')).fromDay).toBe('2026-01-01');
  });

  it('moves across months, leap days and daylight-saving changes by whole days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('lists every day of a range, both ends included, and nothing for a reversed range', () => {
    expect(daysOfRange('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOfRange('2026-03-02', '2026-03-02')).toEqual(['2026-03-02']);
    expect(daysOfRange('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe('formatScanTime', () => {
  it('shows a scan in UTC, the scan screens’ days, whatever the viewer’s zone', () => {
    expect(formatScanTime('2026-03-01T23:30:00-02:00', 'en')).toBe('Mar 2, 2026, 1:30 AM');
    expect(formatScanTime('2026-03-01T23:30:00Z', 'de')).toBe('01.03.2026, 23:30');
  });
});
