import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScanStatsRow } from '@/lib/data/rows';
import { renderWithProviders } from '@/testing/render';
import { RoomScansTable, toggleChartedRoom } from './room-scans-table';

const hotel = (rooms: number): ScanStatsRow[] =>
  Array.from({ length: rooms }, (_, i) => ({
    qr_code_id: `room-${101 + i}`,
    property_id: 'property-1',
    name: `Room ${101 + i}`,
    room_number: String(101 + i),
    daily_scans: [i],
    range_scans: i,
    total_scans: i,
    last_scanned_at: null,
  }));

const fortyRooms = hotel(40);

/** The table as the analytics page uses it: the picked rooms in state, a stable toggle (the rows the same array). */
function Picker({ rows = fortyRooms }: { rows?: ScanStatsRow[] }) {
  const [charted, setCharted] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((id: string) => setCharted((current) => toggleChartedRoom(current, id)), []);
  return <RoomScansTable rows={rows} charted={charted} onToggle={toggle} language="en" />;
}

afterEach(() => vi.restoreAllMocks());

describe('RoomScansTable', () => {
  it('draws again only the row of the room ticked, not every room of the hotel', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Picker />);
    // ECMA-402 makes `format` a getter (answering a bound function); TypeScript's lib declares it as a method.
    const format = vi.spyOn(Intl.NumberFormat.prototype as unknown as { readonly format: unknown }, 'format', 'get');
    await user.click(await screen.findByRole('checkbox', { name: 'Show 105 · Room 105 in the chart' }));
    expect(screen.getByRole('checkbox', { name: 'Show 105 · Room 105 in the chart' })).toBeChecked();
    // Each row formats its two counts when drawn: one row drawn again.
    expect(format).toHaveBeenCalledTimes(2);
  });

  it('finds a room by number or name, as the room list does, and says when none matches', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Picker />);
    await user.type(await screen.findByRole('searchbox', { name: 'Search by name or room number' }), '13');
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual([
      'Show 113 · Room 113 in the chart',
      'Show 130 · Room 130 in the chart',
      'Show 131 · Room 131 in the chart',
      'Show 132 · Room 132 in the chart',
      'Show 133 · Room 133 in the chart',
      'Show 134 · Room 134 in the chart',
      'Show 135 · Room 135 in the chart',
      'Show 136 · Room 136 in the chart',
      'Show 137 · Room 137 in the chart',
      'Show 138 · Room 138 in the chart',
      'Show 139 · Room 139 in the chart',
    ]);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'suite');
    expect(screen.getByText('No room matches “suite”.')).toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });

  it('draws a large hotel 48 rows at a time, the next on request', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Picker rows={hotel(100)} />);
    expect(await screen.findAllByRole('checkbox')).toHaveLength(48);
    expect(screen.getByText('Showing 48 of 100 rooms')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more rooms' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(96);
    await user.click(screen.getByRole('button', { name: 'Show more rooms' }));
    expect(screen.getAllByRole('checkbox')).toHaveLength(100);
    expect(screen.queryByRole('button', { name: 'Show more rooms' })).toBeNull();
  });

  it('lets no more than five rooms be ticked, and frees the boxes again when one is unticked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Picker />);
    for (const room of [101, 102, 103, 104, 105]) await user.click(await screen.findByRole('checkbox', { name: `Show ${room} · Room ${room} in the chart` }));
    expect(screen.getByRole('checkbox', { name: 'Show 106 · Room 106 in the chart' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Show 101 · Room 101 in the chart' }));
    expect(screen.getByRole('checkbox', { name: 'Show 106 · Room 106 in the chart' })).toBeEnabled();
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(4);
  });
});
