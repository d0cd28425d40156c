import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { summarizeScans } from '../scan-summary';
import { ScanStatsRow } from './scan-stats-row';

const timeZone = process.env.TZ;

afterEach(() => {
  process.env.TZ = timeZone;
});

describe('ScanStatsRow', () => {
  it('gives the last scan in UTC, as the days of the chart and the CSV are, wherever the host is', () => {
    // A host in New Zealand: 23:30 UTC on 2 March is already 3 March there.
    process.env.TZ = 'Pacific/Auckland';
    const summary = summarizeScans(
      [
        {
          qr_code_id: 'room-101',
          property_id: 'property-1',
          name: 'Room 101',
          room_number: '101',
          daily_scans: [1],
          range_scans: 1,
          total_scans: 1,
          last_scanned_at: '2026-03-02T23:30:00Z',
        },
      ],
      '2026-03-02',
      '2026-03-02',
    );
    renderWithProviders(<ScanStatsRow summary={summary} language="en" />);
    expect(screen.getByText('Last scan (UTC)')).toBeInTheDocument();
    expect(screen.getByTestId('last-scan')).toHaveTextContent('Mar 2, 2026, 11:30 PM');
  });
});
