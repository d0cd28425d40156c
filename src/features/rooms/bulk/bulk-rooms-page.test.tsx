import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setSignedIn, testTeamId } from '@/testing/render';
import { listProperties } from '@/lib/data/api/list-properties';
import { listRooms } from '@/lib/data/api/list-rooms';
import { BulkRoomsRefused, createRooms } from '../api/create-rooms';
import BulkRoomsPage from './bulk-rooms-page';

vi.mock('@/lib/data/api/list-properties', () => ({ listProperties: vi.fn() }));
vi.mock('@/lib/data/api/list-rooms', () => ({ listRooms: vi.fn() }));
vi.mock('../api/create-rooms', async (importOriginal) => ({ ...(await importOriginal<typeof import('../api/create-rooms')>()), createRooms: vi.fn() }));

const propertyId = '11111111-1111-4111-8111-111111111111';

function renderPage() {
  return renderWithProviders(<BulkRoomsPage />, {
    route: `/dashboard/properties/${propertyId}/qrcodes/bulk`,
    path: '/dashboard/properties/:propertyId/qrcodes/bulk',
    routes: [{ path: '/dashboard/properties/:propertyId/qrcodes', element: <p>room list</p> }],
  });
}

describe('BulkRoomsPage', () => {
  beforeEach(() => {
    // A plan with room to spare (1 of 50 slots in use); the test of a full plan sets its own.
    setSignedIn('host@example.com', null, { qr_codes_created: 1, qr_code_limit: 50 });
    vi.mocked(listProperties).mockResolvedValue([
      { id: propertyId, team_id: testTeamId, name: 'Hotel Mar', type: 'hotel', address: null, created_at: '2026-01-01T00:00:00Z' },
    ]);
    vi.mocked(listRooms).mockResolvedValue([
      { id: 'r1', property_id: propertyId, name: 'Room 105', room_number: '105', scan_count: 0, created_at: '2026-01-01T00:00:00Z' },
    ]);
    vi.mocked(createRooms).mockReset();
  });

  it('previews a number range, marks a room number the property has, and creates nothing until it is fixed', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'First room number' }), '101');
    await user.type(screen.getByRole('textbox', { name: 'Last room number' }), '110');
    expect(screen.getByRole('heading', { name: 'Preview: 10 rooms' })).toBeInTheDocument();
    const taken = screen.getByRole('row', { name: /Room 105/ });
    expect(within(taken).getByText('This property already has room 105.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create 10 rooms' })).toBeDisabled();

    await user.clear(screen.getByRole('textbox', { name: 'First room number' }));
    await user.type(screen.getByRole('textbox', { name: 'First room number' }), '106');
    vi.mocked(createRooms).mockResolvedValue(['n-106', 'n-107', 'n-108', 'n-109', 'n-110']);
    await user.click(screen.getByRole('button', { name: 'Create 5 rooms' }));
    expect(createRooms).toHaveBeenCalledOnce();
    const [calledProperty, rows] = vi.mocked(createRooms).mock.calls[0];
    expect(calledProperty).toBe(propertyId);
    expect(rows.map((row) => [row.name, row.roomNumber])).toEqual([106, 107, 108, 109, 110].map((n) => [`Room ${n}`, String(n)]));
    expect(await screen.findByText('room list')).toBeInTheDocument();
    // The list opens on the new rooms.
    expect(router.state.location.state).toEqual({ createdRooms: ['n-106', 'n-107', 'n-108', 'n-109', 'n-110'] });
  });

  it('reads pasted lines with own WiFi passwords and says how many slots the plan has when refused', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'List or CSV' }));
    await user.type(screen.getByRole('textbox', { name: 'Rooms, one per line' }), 'Sea View, 201, own-pass{enter}Garden, 202');
    expect(screen.getByRole('heading', { name: 'Preview: 2 rooms' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Sea View/ })).getByText('own-pass')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Garden/ })).getByText('From the property')).toBeInTheDocument();

    vi.mocked(createRooms).mockRejectedValue(new BulkRoomsRefused({ kind: 'quota', free: 1, requested: 2, used: 9, limit: 10 }));
    await user.click(screen.getByRole('button', { name: 'Create 2 rooms' }));
    expect(await screen.findByText('Your plan has 1 free room slot (9 of 10 in use), not 2. Nothing was created.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change the number of rooms in your subscription' })).toHaveAttribute('href', '/dashboard/subscription');
    // The list stays for another try.
    expect(screen.getByRole('textbox', { name: 'Rooms, one per line' })).toHaveValue('Sea View, 201, own-pass\nGarden, 202');
  });

  it('says how many slots are free before any click, marks the rows past them, and creates nothing until they fit', async () => {
    setSignedIn('host@example.com', null, { qr_codes_created: 3, qr_code_limit: 5 });
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'First room number' }), '201');
    await user.type(screen.getByRole('textbox', { name: 'Last room number' }), '204');
    expect(screen.getByText('Your plan has 2 free room slots (3 of 5 in use).')).toBeInTheDocument();
    expect(screen.getByText('2 rooms are over your plan: remove them from the list, or add rooms to your subscription first.')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Room 202/ })).getByText('Ready')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Room 203/ })).getByText('Over your plan')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Room 204/ })).getByText('Over your plan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create 4 rooms' })).toBeDisabled();

    await user.clear(screen.getByRole('textbox', { name: 'Last room number' }));
    await user.type(screen.getByRole('textbox', { name: 'Last room number' }), '202');
    expect(screen.queryByText('Over your plan')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create 2 rooms' })).toBeEnabled();
    expect(createRooms).not.toHaveBeenCalled();
  });

  it('explains a range it cannot read', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(await screen.findByRole('textbox', { name: 'First room number' }), '140');
    await user.type(screen.getByRole('textbox', { name: 'Last room number' }), '101');
    expect(screen.getByText('The first room number must not be larger than the last.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create 0 rooms' })).toBeDisabled();
  });
});
