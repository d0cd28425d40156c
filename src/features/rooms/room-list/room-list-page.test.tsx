import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setSignedIn, testTeamId } from '@/testing/render';
import { listProperties } from '@/lib/data/api/list-properties';
import { listRooms } from '@/lib/data/api/list-rooms';
import { href } from '@/lib/paths';
import type { RoomRow } from '@/lib/data/rows';
import { deleteRoom } from '../api/delete-room';
import { getPropertyGuide } from '../api/property-guide';
import RoomListPage from './room-list-page';
import { emptyGuideFormValues } from '../types';

vi.mock('@/lib/data/api/list-properties', () => ({ listProperties: vi.fn() }));
vi.mock('@/lib/data/api/list-rooms', () => ({ listRooms: vi.fn() }));
vi.mock('../api/delete-room', () => ({ deleteRoom: vi.fn() }));
vi.mock('../api/property-guide', () => ({ getPropertyGuide: vi.fn() }));

const propertyId = '11111111-1111-4111-8111-111111111111';

function room(roomNumber: string, name = `Room ${roomNumber}`): RoomRow {
  return { id: `id-${roomNumber || name}`, property_id: propertyId, scan_count: 3, created_at: '2026-01-01T00:00:00Z', name, room_number: roomNumber };
}

/** The shared guide summary's labels (`term`) or values (`definition`), in order. */
const rowTexts = (summary: HTMLElement, role: 'term' | 'definition') =>
  within(summary)
    .getAllByRole(role)
    .map((row) => row.textContent);

function renderList() {
  return renderWithProviders(<RoomListPage />, {
    route: `/dashboard/properties/${propertyId}/qrcodes`,
    path: '/dashboard/properties/:propertyId/qrcodes',
  });
}

describe('RoomListPage', () => {
  beforeEach(() => {
    setSignedIn('host@example.com');
    vi.mocked(listProperties).mockResolvedValue([
      { id: propertyId, team_id: testTeamId, name: 'Hotel Mar', type: 'hotel', address: null, created_at: '2026-01-01T00:00:00Z' },
    ]);
    vi.mocked(deleteRoom).mockReset();
    vi.mocked(getPropertyGuide).mockResolvedValue({
      name: 'Hotel Mar',
      lastChange: { at: '2026-11-20T09:30:00Z', by: 'ana@example.com' },
      stored: {},
      guide: {
        hotel: { ...emptyGuideFormValues().hotel, name: 'Hotel Mar', phone: '+34 900 111 111' },
        area: { location: '', activities: [], businessLink: '' },
        style: { primaryColor: '', backgroundColor: '', logoUrl: '' },
        template: 'custom',
        wifi: { network: '', password: 'never-shown-here' },
      },
    });
  });

  it("sums the rooms' scans and sums up the shared guide, without its WiFi password, with a link to edit it", async () => {
    vi.mocked(listRooms).mockResolvedValue(['1', '2', '3'].map((n) => room(n)));
    renderList();
    const overview = await screen.findByRole('region', { name: 'Property overview' });
    expect(within(overview).getByTestId('property-scans')).toHaveTextContent('9');
    await within(overview).findByText('+34 900 111 111');
    expect(within(overview).getByText('Hotel Mar')).toBeInTheDocument();
    // No network set: said so, not left blank.
    expect(within(overview).getByText('Not set')).toBeInTheDocument();
    expect(overview).not.toHaveTextContent('never-shown-here');
    expect(within(overview).getByRole('link', { name: 'Edit shared guide' })).toHaveAttribute('href', `/dashboard/properties/${propertyId}/guide`);
  });

  it("draws the shared guide's rows while it loads, so the rooms under them stay where they are", async () => {
    vi.mocked(listRooms).mockResolvedValue(['1', '2'].map((n) => room(n)));
    let answer: (guide: Awaited<ReturnType<typeof getPropertyGuide>>) => void = () => {};
    const loaded = vi.mocked(getPropertyGuide).getMockImplementation()!;
    vi.mocked(getPropertyGuide).mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderList();
    await screen.findAllByTestId('qr-card');
    const summary = screen.getByTestId('shared-guide-summary');
    expect(summary).toHaveAttribute('aria-busy', 'true');
    expect(rowTexts(summary, 'term')).toEqual(['Hotel', 'Phone', 'WiFi']);
    expect(within(summary).getAllByRole('definition')).toHaveLength(3);
    await act(async () => answer(await loaded(propertyId, 'host')));
    await waitFor(() => expect(summary).toHaveAttribute('aria-busy', 'false'));
    expect(rowTexts(summary, 'definition')).toEqual(['Hotel Mar', '+34 900 111 111', 'Not set']);
  });

  it('says in each row of the shared guide that it could not be loaded when its read fails', async () => {
    vi.mocked(listRooms).mockResolvedValue(['1'].map((n) => room(n)));
    vi.mocked(getPropertyGuide).mockRejectedValue(new Error('offline'));
    renderList();
    const summary = await screen.findByTestId('shared-guide-summary');
    await waitFor(() => expect(summary).toHaveAttribute('aria-busy', 'false'));
    expect(rowTexts(summary, 'definition')).toEqual(['Could not load', 'Could not load', 'Could not load']);
  });

  it('lets the front desk view, select, print and download rooms, and offers nothing that changes them', async () => {
    setSignedIn('desk@example.com', null, {}, 'front_desk');
    vi.mocked(listRooms).mockResolvedValue(['1', '2'].map((n) => room(n)));
    const user = userEvent.setup();
    renderList();
    const card = (await screen.findAllByTestId('qr-card'))[0];
    expect(within(card).getByRole('link', { name: 'View' })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Print sheet' })).toBeInTheDocument();
    for (const name of ['New QR Code', 'Add many rooms', 'Translations', 'Edit shared guide'])
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('checkbox'));
    const selection = await screen.findByRole('region', { name: 'Selected rooms' });
    expect(within(selection).getByRole('link', { name: /Print/ })).toBeInTheDocument();
    expect(within(selection).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(selection).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("shows the empty state (another property's rooms are not this one's), with nothing to print or download", async () => {
    vi.mocked(listRooms).mockResolvedValue([{ ...room('9'), property_id: '22222222-2222-4222-8222-222222222222' }]);
    renderList();
    expect(await screen.findByText('No QR codes yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'QR Codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print sheet' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Print sheet' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download all (ZIP)' })).toBeDisabled();
    // What a new property needs next: the shared guide, then its rooms (many at once from the header).
    expect(screen.getByRole('link', { name: 'Fill in the shared guide' })).toHaveAttribute('href', `/dashboard/properties/${propertyId}/guide`);
    expect(screen.getByRole('link', { name: 'Add many rooms' })).toHaveAttribute('href', `/dashboard/properties/${propertyId}/qrcodes/bulk`);
  });

  it('links to the print sheet once the property has a room', async () => {
    vi.mocked(listRooms).mockResolvedValue([room('1')]);
    renderList();
    expect(await screen.findByRole('link', { name: 'Print sheet' })).toHaveAttribute('href', href.printSheet(propertyId));
  });

  it('shows the rooms in numeric order with "Room: {number}" and filters by name or number', async () => {
    const rooms = ['10', '2', '1', '30', '4', '5', '6', '7'].map((n) => room(n));
    vi.mocked(listRooms).mockResolvedValue(rooms);
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Hotel Mar · 8 rooms');
    expect(screen.getAllByTestId('qr-room').map((el) => el.textContent)).toEqual(['1', '2', '4', '5', '6', '7', '10', '30'].map((n) => `Room: ${n}`));
    await user.type(screen.getByRole('searchbox'), '3');
    expect(screen.getAllByTestId('qr-room').map((el) => el.textContent)).toEqual(['Room: 30']);
  });

  it('filters by floor, read from the room numbers, together with the search, and keeps both in the address', async () => {
    vi.mocked(listRooms).mockResolvedValue(['101', '102', '215', '201', '202', '1001', 'Suite'].map((n) => room(n)));
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByText('Hotel Mar · 7 rooms');
    const floor = screen.getByRole('combobox', { name: 'Floor' });
    expect(
      within(floor)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All floors', 'Floor 1', 'Floor 2', 'Floor 10']);
    await user.selectOptions(floor, 'Floor 2');
    expect(screen.getAllByTestId('qr-room').map((el) => el.textContent)).toEqual(['Room: 201', 'Room: 202', 'Room: 215']);
    await user.type(screen.getByRole('searchbox'), '15');
    expect(screen.getAllByTestId('qr-room').map((el) => el.textContent)).toEqual(['Room: 215']);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ floor: '2', q: '15' });
    await user.clear(screen.getByRole('searchbox'));
    await user.selectOptions(floor, 'All floors');
    expect(screen.getAllByTestId('qr-card')).toHaveLength(7);
  });

  it('offers no floor filter when the rooms are on one floor', async () => {
    vi.mocked(listRooms).mockResolvedValue(['101', '102', '103'].map((n) => room(n)));
    renderList();
    await screen.findByText('Hotel Mar · 3 rooms');
    expect(screen.queryByRole('combobox', { name: 'Floor' })).toBeNull();
  });

  it('draws a large hotel a page of 48 cards at a time, the next on request, and every match of a search', async () => {
    vi.mocked(listRooms).mockResolvedValue(Array.from({ length: 100 }, (_, i) => room(String(101 + i))));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Hotel Mar · 100 rooms');
    expect(screen.getAllByTestId('qr-card')).toHaveLength(48);
    expect(screen.getByText('Showing 48 of 100 rooms')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more rooms' }));
    expect(screen.getAllByTestId('qr-card')).toHaveLength(96);
    expect(screen.getByText('Showing 96 of 100 rooms')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more rooms' }));
    expect(screen.getAllByTestId('qr-room').at(-1)).toHaveTextContent('Room: 200');
    expect(screen.queryByRole('button', { name: 'Show more rooms' })).toBeNull();
    // A search shows every match ("19": rooms 119 and 190–199), and clearing it starts again from one page.
    await user.type(screen.getByRole('searchbox'), '19');
    expect(screen.getAllByTestId('qr-room').map((el) => el.textContent)).toEqual(
      ['119', ...Array.from({ length: 10 }, (_, i) => String(190 + i))].map((n) => `Room: ${n}`),
    );
    expect(screen.queryByText(/^Showing/)).toBeNull();
    await user.clear(screen.getByRole('searchbox'));
    expect(screen.getAllByTestId('qr-card')).toHaveLength(48);
  });

  it('draws as many pages as before, with the same search, when the host comes back to the list', async () => {
    vi.mocked(listRooms).mockResolvedValue(Array.from({ length: 100 }, (_, i) => room(String(101 + i))));
    const user = userEvent.setup();
    const { router } = renderWithProviders(<RoomListPage />, {
      route: `/dashboard/properties/${propertyId}/qrcodes`,
      path: '/dashboard/properties/:propertyId/qrcodes',
      routes: [{ path: '/dashboard/properties/:propertyId/qrcodes/:id', element: <p>a room</p> }],
    });
    await screen.findByText('Hotel Mar · 100 rooms');
    await user.click(screen.getByRole('button', { name: 'Show more rooms' }));
    expect(screen.getAllByTestId('qr-card')).toHaveLength(96);
    await act(() => router.navigate(`/dashboard/properties/${propertyId}/qrcodes/id-150`));
    await screen.findByText('a room');
    await act(() => router.navigate(-1));
    expect(await screen.findAllByTestId('qr-card')).toHaveLength(96);

    // A search ("1": 99 rooms) starts at one page again; its pages are kept too.
    await user.type(screen.getByRole('searchbox'), '1');
    expect(router.state.location.search).toBe('?q=1');
    expect(screen.getByText('Showing 48 of 99 rooms')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more rooms' }));
    await act(() => router.navigate(`/dashboard/properties/${propertyId}/qrcodes/id-150`));
    await screen.findByText('a room');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('searchbox')).toHaveValue('1');
    expect(screen.getByText('Showing 96 of 99 rooms')).toBeInTheDocument();
  });

  it('opens on the rooms just created in bulk with what comes next for them, nothing selected, until the host asks for all', async () => {
    vi.mocked(listRooms).mockResolvedValue([room('101'), room('102'), room('103')]);
    const user = userEvent.setup();
    renderWithProviders(<RoomListPage />, {
      route: `/dashboard/properties/${propertyId}/qrcodes`,
      path: '/dashboard/properties/:propertyId/qrcodes',
      state: { createdRooms: ['id-102', 'id-103', 'id-gone'] },
    });
    const created = await screen.findByRole('region', { name: 'New rooms' });
    expect(within(created).getByText('2 new rooms')).toBeInTheDocument();
    expect(within(created).getByRole('link', { name: 'Print 2 rooms' })).toHaveAttribute(
      'href',
      `/dashboard/properties/${propertyId}/qrcodes/print?room=102&room=103`,
    );
    expect(within(created).getByRole('button', { name: 'Download 2 rooms (ZIP)' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select Room 101 (room 101)' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Room 102 (room 102)' })).not.toBeChecked();
    expect(screen.queryByRole('region', { name: 'Selected rooms' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete \d+ rooms?$/ })).toBeNull();

    await user.click(within(created).getByRole('button', { name: 'Show all 3 rooms' }));
    expect(screen.queryByRole('region', { name: 'New rooms' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Room 101 (room 101)' })).toBeInTheDocument();
  });

  it('draws again only the card of the room ticked, not the whole page of cards', async () => {
    vi.mocked(listRooms).mockResolvedValue(Array.from({ length: 48 }, (_, i) => room(String(101 + i))));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('Hotel Mar · 48 rooms');
    const cardsDrawn = vi.spyOn(href, 'roomDetail'); // each card links its room's page when drawn
    await user.click(screen.getByRole('checkbox', { name: 'Select Room 105 (room 105)' }));
    expect(await screen.findByText('1 room selected')).toBeInTheDocument();
    expect(cardsDrawn.mock.calls.map(([, id]) => id)).toEqual(['id-105']);
  });

  it('asks before deleting, then reloads the list', async () => {
    vi.mocked(listRooms)
      .mockResolvedValueOnce([room('1'), room('2')])
      .mockResolvedValueOnce([room('2')]);
    vi.mocked(deleteRoom).mockResolvedValue();
    const user = userEvent.setup();
    renderList();
    const card = (await screen.findAllByTestId('qr-card'))[0];
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this QR code?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(deleteRoom).toHaveBeenCalledWith('id-1');
    expect(await screen.findByText('QR Code deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('qr-card')).toHaveLength(1));
  });

  it('tells the host when deleting fails', async () => {
    vi.mocked(listRooms).mockResolvedValue([room('1')]);
    vi.mocked(deleteRoom).mockRejectedValue(new Error('network'));
    const user = userEvent.setup();
    renderList();
    await user.click(within(await screen.findByTestId('qr-card')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete QR code')).toBeInTheDocument();
  });
});
