import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setSignedIn } from '@/testing/render';
import { getRoomForm } from '../api/get-room-form';
import { toRoomFormValues, type RoomFormRow } from '../rows';
import { RoomOverridesCard } from './room-overrides-card';

vi.mock('../api/get-room-form', () => ({ getRoomForm: vi.fn() }));

const propertyId = '11111111-1111-4111-8111-111111111111';
const roomId = '22222222-2222-4222-8222-222222222222';
const row: RoomFormRow = {
  property_id: propertyId,
  name: 'Room 215',
  room_number: '215',
  hotel: {},
  area: {},
  style: {},
  content: {},
  images: [],
  template: null,
};

describe("a room's own settings on its page", () => {
  beforeEach(() => setSignedIn('host@example.com'));

  it('lists what the room sets for itself: its own WiFi password, a phone hidden on purpose', async () => {
    vi.mocked(getRoomForm).mockResolvedValue({
      propertyId,
      values: toRoomFormValues({ ...row, content: { wifi: { password: 'own-215-pass' } }, hotel: { phone: null } }),
    });
    renderWithProviders(<RoomOverridesCard propertyId={propertyId} roomId={roomId} />);
    const list = await screen.findByLabelText("This room's own settings");
    expect(within(list).getByText('WiFi password')).toBeInTheDocument();
    expect(within(list).getByText('own-215-pass')).toBeInTheDocument();
    expect(within(list).getByText('Phone')).toBeInTheDocument();
    expect(within(list).getByText('nothing (hidden in this room)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the shared guide' })).toHaveAttribute('href', `/dashboard/properties/${propertyId}/guide`);
  });

  it('says when the room takes everything from the shared guide', async () => {
    vi.mocked(getRoomForm).mockResolvedValue({ propertyId, values: toRoomFormValues(row) });
    renderWithProviders(<RoomOverridesCard propertyId={propertyId} roomId={roomId} />);
    expect(await screen.findByText("This room takes everything from the property's shared guide.")).toBeInTheDocument();
  });
});
