import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScanStatsRow } from '@/lib/data/rows';
import { renderWithProviders } from '@/testing/render';
import { summarizeScans } from '../scan-summary';
import { RoomRankList } from './room-rank-list';

const sixScannedRooms: ScanStatsRow[] = Array.from({ length: 6 }, (_, i) => ({
  qr_code_id: `room-${101 + i}`,
  property_id: 'property-1',
  name: `Room ${101 + i}`,
  room_number: String(101 + i),
  daily_scans: [6 - i],
  range_scans: 6 - i,
  total_scans: 6 - i,
  last_scanned_at: '2026-03-01T10:00:00Z',
}));

describe('RoomRankList', () => {
  it('shows the first rooms of a property’s ranking and says how many more were scanned', () => {
    const { mostScanned } = summarizeScans(sixScannedRooms, '2026-03-01', '2026-03-01');
    renderWithProviders(<RoomRankList title="Most scanned" rows={mostScanned} empty="No room was scanned in this period." limit={3} />);
    const list = screen.getByRole('list', { name: 'Most scanned' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['101 · Room 101', '102 · Room 102', '103 · Room 103']);
    expect(within(list).getByText('and 3 more')).toBeInTheDocument();
  });
});
