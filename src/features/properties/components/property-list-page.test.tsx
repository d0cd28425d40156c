import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setSignedIn, testTeamId } from '@/testing/render';
import { listProperties } from '@/lib/data/api/list-properties';
import { listRooms } from '@/lib/data/api/list-rooms';
import type { PropertyRow, RoomRow } from '@/lib/data/rows';
import { deleteProperty } from '../api/delete-property';
import PropertyListPage from './property-list-page';

vi.mock('@/lib/data/api/list-properties', () => ({ listProperties: vi.fn() }));
vi.mock('@/lib/data/api/list-rooms', () => ({ listRooms: vi.fn() }));
vi.mock('../api/delete-property', () => ({ deleteProperty: vi.fn() }));

const hotel: PropertyRow = { id: 'p1', team_id: testTeamId, name: 'Hotel Mar', type: 'hotel', address: 'Paseo 1, Cádiz', created_at: '2026-01-01T00:00:00Z' };
const flat: PropertyRow = { id: 'p2', team_id: testTeamId, name: 'Casa Azul', type: 'other', address: null, created_at: '2026-01-02T00:00:00Z' };
/** The hotel's twelve rooms: the room counts come from the user's rooms, the same read the QR list shows. */
const hotelRooms: RoomRow[] = Array.from({ length: 12 }, (_, index) => ({
  id: `r${index}`,
  property_id: 'p1',
  name: `Room ${index + 1}`,
  room_number: String(index + 1),
  scan_count: 0,
  created_at: '2026-01-01T00:00:00Z',
}));

/** Opens a card's menu and answers its items: the links by name and href, and Delete as `delete`. */
async function openCardMenu(user: ReturnType<typeof userEvent.setup>, card: HTMLElement): Promise<[string, string | null][]> {
  await user.click(within(card).getByRole('button', { name: 'More actions' }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => [item.textContent ?? '', item.getAttribute('href')]);
}

describe('PropertyListPage', () => {
  beforeEach(() => {
    setSignedIn('host@example.com');
    vi.mocked(deleteProperty).mockReset();
    vi.mocked(listRooms).mockResolvedValue(hotelRooms);
  });

  it('shows the empty state', async () => {
    vi.mocked(listProperties).mockResolvedValue([]);
    renderWithProviders(<PropertyListPage />, { route: '/dashboard' });
    expect(await screen.findByText('No properties yet')).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first property.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Property' })).toHaveAttribute('href', '/dashboard/properties/new');
  });

  it('shows the error banner', async () => {
    vi.mocked(listProperties).mockRejectedValue(new Error('offline'));
    renderWithProviders(<PropertyListPage />, { route: '/dashboard' });
    expect(await screen.findByText('Error loading properties: Failed to load properties.')).toBeInTheDocument();
  });

  it('shows cards with name, type, address, room count, their main action and the rest in a menu, Delete last', async () => {
    vi.mocked(listProperties).mockResolvedValue([hotel, flat]);
    const user = userEvent.setup();
    renderWithProviders(<PropertyListPage />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Your Properties' })).toBeInTheDocument();
    const [hotelCard, flatCard] = await screen.findAllByTestId('property-card');
    expect(within(hotelCard).getByText('Hotel')).toBeInTheDocument();
    expect(within(hotelCard).getByText('Paseo 1, Cádiz')).toBeInTheDocument();
    expect(within(hotelCard).getByText('12 rooms')).toBeInTheDocument();
    expect(within(hotelCard).getByRole('link', { name: 'View QR Codes' })).toHaveAttribute('href', '/dashboard/properties/p1/qrcodes');
    // One action on the card's face; the menu is hidden until it opens.
    expect(within(hotelCard).getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(within(hotelCard).getByRole('button', { name: 'More actions' })).toHaveAttribute('aria-expanded', 'false');
    expect(await openCardMenu(user, hotelCard)).toEqual([
      ['Create Hotel QR', '/dashboard/properties/p1/qrcodes/new'],
      ['Add many rooms', '/dashboard/properties/p1/qrcodes/bulk'],
      ['Edit', '/dashboard/properties/p1/edit'],
      ['Shared guide', '/dashboard/properties/p1/guide'],
      ['Translations', '/dashboard/properties/p1/translations'],
      ['Scans', '/dashboard/analytics?property=p1'],
      ['Delete', null],
    ]);
    await user.keyboard('{Escape}');
    expect(within(flatCard).getByText('Other')).toBeInTheDocument();
    expect(within(flatCard).getByText('0 rooms')).toBeInTheDocument();
    // A property of type Other is not a hotel: its rooms' codes say so.
    expect((await openCardMenu(user, flatCard))[0]).toEqual(['Create room QR', '/dashboard/properties/p2/qrcodes/new']);
    await user.keyboard('{Escape}');
  });

  it('confirms a delete from the card menu and reports a failure', async () => {
    vi.mocked(listProperties).mockResolvedValue([hotel]);
    vi.mocked(deleteProperty).mockRejectedValueOnce(new Error('network'));
    const user = userEvent.setup();
    renderWithProviders(<PropertyListPage />, { route: '/dashboard' });
    await openCardMenu(user, await screen.findByTestId('property-card'));
    // From the keyboard: the last item is Delete.
    await user.keyboard('{End}{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/^Are you sure you want to delete this property\?/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Its 12 QR codes will be deleted/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('❌ Failed to delete property')).toBeInTheDocument();
  });

  it('deletes once confirmed and says so', async () => {
    vi.mocked(listProperties).mockResolvedValue([hotel]);
    vi.mocked(deleteProperty).mockResolvedValueOnce();
    const user = userEvent.setup();
    renderWithProviders(<PropertyListPage />, { route: '/dashboard' });
    await openCardMenu(user, await screen.findByTestId('property-card'));
    await user.keyboard('{End}{Enter}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('✅ Property deleted successfully')).toBeInTheDocument();
    expect(deleteProperty).toHaveBeenCalledWith('p1');
  });
});

describe('PropertyListPage for a team', () => {
  const joinedTeam = '00000000-0000-4000-8000-0000000000bb';
  const harbour: PropertyRow = { ...hotel, id: 'p3', team_id: joinedTeam, name: 'Harbour Hotel' };

  beforeEach(() => {
    vi.mocked(listRooms).mockResolvedValue(hotelRooms);
    vi.mocked(listProperties).mockResolvedValue([hotel, harbour]);
  });

  it('shows the properties of the team the host works in, and not those of their other teams', async () => {
    setSignedIn('host@example.com');
    renderWithProviders(<PropertyListPage />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Hotel Mar' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Harbour Hotel' })).not.toBeInTheDocument();
  });

  it('offers the front desk the rooms and scans of each property, and nothing to add, edit or delete', async () => {
    setSignedIn('desk@example.com', null, {}, 'front_desk');
    const user = userEvent.setup();
    renderWithProviders(<PropertyListPage />, { route: '/dashboard' });
    const card = (await screen.findAllByTestId('property-card'))[0];
    expect(within(card).getByRole('link', { name: 'View QR Codes' })).toBeInTheDocument();
    expect(await openCardMenu(user, card)).toEqual([['Scans', '/dashboard/analytics?property=p1']]);
    expect(screen.queryByRole('link', { name: 'Add Property' })).not.toBeInTheDocument();
  });

  it('lets an editor change guides but not add or delete properties', async () => {
    setSignedIn('editor@example.com', null, {}, 'editor');
    const user = userEvent.setup();
    renderWithProviders(<PropertyListPage />, { route: '/dashboard' });
    const card = (await screen.findAllByTestId('property-card'))[0];
    const items = (await openCardMenu(user, card)).map(([name]) => name);
    expect(items).toEqual(['Create Hotel QR', 'Add many rooms', 'Edit', 'Shared guide', 'Translations', 'Scans']);
    expect(screen.queryByRole('link', { name: 'Add Property' })).not.toBeInTheDocument();
  });
});
