import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import germanQr from '../../../../locales/de/rooms.json';
import { ApiError, toApiError } from '@/lib/data/api-error';
import { i18n } from '@/lib/i18n';
import { renderWithProviders, setSignedIn } from '@/testing/render';
import { openedFrom, type RoomOrigin } from '../room-list/list-return';
import { createRoom } from '../api/create-room';
import { getRoomForm } from '../api/get-room-form';
import { getPropertyGuide, type PropertyGuide } from '../api/property-guide';
import { updateRoom } from '../api/update-room';
import { newRoomValues } from './prefill';
import RoomFormPage from './room-form-page';
import { emptyGuideFormValues } from '../types';
import { guideFields } from '@/lib/guide-fields';

// A refused save re-reads the teams (src/lib/data/query-client.ts): the host's own team, as setSignedIn puts it.
vi.mock('@/lib/data/api/list-my-teams', async () => {
  const { ownTeamOf } = await import('@/testing/render');
  return { listMyTeams: async () => [ownTeamOf()] };
});
// The form reads the property list (the property's team and the host's role in it): answered here, not by a network
// call that fails and is retried for seconds before the form shows (which a busy machine stretched past the timeout).
vi.mock('@/lib/data/api/list-properties', async () => {
  const { testTeamId } = await import('@/testing/render');
  const property = {
    id: '11111111-1111-4111-8111-111111111111',
    team_id: testTeamId,
    name: 'Hotel Mar',
    type: 'hotel',
    address: null,
    created_at: '2026-01-01T00:00:00Z',
  };
  return { listProperties: async () => [property] };
});
vi.mock('../api/create-room', () => ({ createRoom: vi.fn() }));
vi.mock('../api/update-room', () => ({ updateRoom: vi.fn() }));
vi.mock('../api/get-room-form', () => ({ getRoomForm: vi.fn() }));
vi.mock('../api/property-guide', () => ({ getPropertyGuide: vi.fn() }));
vi.mock('../api/upload-room-image', () => ({ uploadRoomImage: vi.fn() }));
// jsdom has no canvas: the preview's drawing is covered by the browser tests.
vi.mock('../qr-look/qr-code-view', () => ({ QrCodeView: ({ look }: { look: { data: string } }) => <div data-testid="qr-preview">{look.data}</div> }));

const propertyId = '11111111-1111-4111-8111-111111111111';
const roomId = '22222222-2222-4222-8222-222222222222';

/** The property's shared guide: every new room shows it until the host overrides a field. */
const shared: PropertyGuide = {
  hotel: { ...emptyGuideFormValues().hotel, name: 'Hotel Mar', phone: '+34 900 111 111' },
  area: { location: 'Cádiz', activities: ['Surf'], businessLink: '' },
  style: { primaryColor: '', backgroundColor: '', logoUrl: '' },
  template: 'beach',
  wifi: { network: 'Mar-Guest', password: 'shared-pass' },
};

const listPath = `/dashboard/properties/${propertyId}/qrcodes`;
const detailPath = `${listPath}/${roomId}`;

/** The edit form; `from`: the screen it was opened from (history before it, and the link's router state). */
function renderEdit(from: { origin: RoomOrigin; history: string[] } | null = null) {
  return renderWithProviders(<RoomFormPage />, {
    route: `${detailPath}/edit`,
    path: '/dashboard/properties/:propertyId/qrcodes/:id/edit',
    routes: [
      { path: '/dashboard/properties/:propertyId/qrcodes/:id', element: <p>room detail</p> },
      { path: '/dashboard/properties/:propertyId/qrcodes', element: <p>room list</p> },
    ],
    state: from ? openedFrom(from.origin) : undefined,
    before: from?.history,
  });
}

function renderForm() {
  return renderWithProviders(<RoomFormPage />, {
    route: `/dashboard/properties/${propertyId}/qrcodes/new`,
    path: '/dashboard/properties/:propertyId/qrcodes/new',
    routes: [{ path: '/dashboard', element: <p>dashboard home</p> }],
  });
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

/** Replaces a field's value in one paste (typing key by key re-renders the whole form per key). */
async function fill(user: ReturnType<typeof userEvent.setup>, name: string, value: string) {
  await user.clear(field(name));
  await user.click(field(name));
  await user.paste(value);
}

describe('RoomFormPage (create)', () => {
  beforeEach(() => {
    vi.mocked(createRoom).mockReset();
    vi.mocked(updateRoom).mockReset();
    vi.mocked(getRoomForm).mockReset();
    vi.mocked(getPropertyGuide).mockResolvedValue({
      name: 'Hotel Mar',
      guide: shared,
      stored: {},
      lastChange: { at: '2026-11-20T09:30:00Z', by: 'ana@example.com' },
    });
    setSignedIn('host@example.com', null, { qr_codes_created: 2, qr_code_limit: 5 });
  });

  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the quota and requires the name and the room number before sending', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(await screen.findByText('QR Codes Used: 2 / 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    expect((await screen.findAllByText('Please enter name and room number')).length).toBeGreaterThan(0);
    expect(createRoom).not.toHaveBeenCalled();
  });

  it("shows the database's refusal of a link at the website field, in the host's language", async () => {
    // What PostgREST answers when validate_qr_code refuses the website: SQLSTATE 23514, the field in `details`.
    vi.mocked(createRoom).mockRejectedValue(
      toApiError({ code: '23514', message: 'hotel.website must be a web address starting with http:// or https://.', details: 'hotel.website', hint: null }),
    );
    i18n.addResourceBundle('de', 'rooms', germanQr);
    await i18n.changeLanguage('de');
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('Genutzte QR-Codes: 2 / 5');
    await fill(user, 'name', 'Loft');
    await fill(user, 'roomNumber', '3');
    await fill(user, 'hotel.website', 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'QR-Code erstellen' }));
    const message = await screen.findByText('Geben Sie einen vollständigen Link ein, der mit https:// oder http:// beginnt');
    // Next to the website input: the same field wrapper holds the error and the input.
    expect(message.closest('[data-scope="field"][data-part="root"]')?.querySelector('[name="hotel.website"]')).toBe(field('hotel.website'));
    expect(field('hotel.website').value).toBe('javascript:alert(1)');
    expect(createRoom).toHaveBeenCalledOnce();
  });

  it("checks nothing but the required fields before sending: links and colours are the database's rules", async () => {
    vi.mocked(createRoom).mockResolvedValue();
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('QR Codes Used: 2 / 5');
    await fill(user, 'name', 'Loft');
    await fill(user, 'roomNumber', '3');
    await user.clear(field('style.primaryColor'));
    await fill(user, 'style.primaryColor', 'gold');
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await waitFor(() =>
      expect(createRoom).toHaveBeenCalledWith(
        expect.any(String),
        propertyId,
        expect.objectContaining({ style: expect.objectContaining({ primaryColor: 'gold' }) }),
      ),
    );
  });

  it("shows the database's limit refusal and keeps what was typed, logging no error for it", async () => {
    vi.mocked(createRoom).mockRejectedValue(new ApiError({ code: 'QUOTA', message: 'You have reached your QR code limit.' }));
    const errorLog = vi.spyOn(console, 'error');
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('QR Codes Used: 2 / 5');
    await fill(user, 'name', 'Loft');
    await fill(user, 'roomNumber', '3');
    await fill(user, 'wifi.password', 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    expect((await screen.findAllByText('You have reached your QR code limit.')).length).toBeGreaterThan(0);
    expect(field('name').value).toBe('Loft');
    expect(field('wifi.password').value).toBe('secret-1');
    expect(screen.getByRole('button', { name: 'Create QR Code' })).toBeEnabled();
    expect(errorLog.mock.calls.filter(([message]) => message === 'Saving the QR code failed')).toEqual([]);
    errorLog.mockRestore();
  });

  it('creates the code with the id its preview shows, then goes to the dashboard', async () => {
    vi.mocked(createRoom).mockResolvedValue();
    const user = userEvent.setup();
    renderForm();
    const preview = await screen.findByTestId('qr-preview');
    const id = preview.textContent!.split('/guide/')[1];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await fill(user, 'name', ' Loft ');
    await fill(user, 'roomNumber', '3');
    await user.selectOptions(field('template') as unknown as HTMLSelectElement, 'cabin');
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    expect(await screen.findByText('dashboard home')).toBeInTheDocument();
    expect(createRoom).toHaveBeenCalledWith(
      id,
      propertyId,
      expect.objectContaining({
        name: 'Loft',
        roomNumber: '3',
        template: 'cabin',
        style: expect.objectContaining({ primaryColor: '#1f4d2b', backgroundColor: '#d2b48c' }),
      }),
    );
  });

  it("starts a new room inheriting every shared field: the property's values shown, nothing copied, saved as null", async () => {
    vi.mocked(createRoom).mockResolvedValue();
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('QR Codes Used: 2 / 5');
    // No other room is read: a new room never starts from another room's WiFi password.
    expect(getRoomForm).not.toHaveBeenCalled();
    const password = screen.getByRole('textbox', { name: 'WiFi password' });
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'shared-pass');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('placeholder', '+34 900 111 111');
    expect(screen.getByRole('button', { name: 'Override for this room: WiFi password' })).toBeInTheDocument();
    expect(screen.getAllByText('From the property').length).toBeGreaterThan(5);
    expect(screen.getByRole('combobox', { name: 'Template' })).toHaveValue('beach');
    await fill(user, 'name', 'Loft');
    await fill(user, 'roomNumber', '3');
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await screen.findByText('dashboard home');
    const saved = vi.mocked(createRoom).mock.calls[0][2];
    expect(saved).toEqual({ ...newRoomValues(), name: 'Loft', roomNumber: '3' });
    expect(saved.wifi).toEqual({ network: null, password: null });
  });

  it("saves an override of one field and leaves the others the property's", async () => {
    vi.mocked(createRoom).mockResolvedValue();
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('QR Codes Used: 2 / 5');
    await fill(user, 'name', 'Room 107');
    await fill(user, 'roomNumber', '107');
    // Overriding starts from the property's value, for the host to change.
    await user.click(screen.getByRole('button', { name: 'Override for this room: WiFi password' }));
    const password = screen.getByRole('textbox', { name: 'WiFi password' });
    expect(password).toHaveValue('shared-pass');
    expect(screen.getByText('Only this room')).toBeInTheDocument();
    await fill(user, 'wifi.password', 'room-107-own');
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await screen.findByText('dashboard home');
    const saved = vi.mocked(createRoom).mock.calls[0][2];
    expect(saved.wifi).toEqual({ network: null, password: 'room-107-own' });
    // Every hotel field inherits: null.
    expect(saved.hotel).toEqual(Object.fromEntries(guideFields.filter((field) => field.path.startsWith('hotel.')).map((field) => [field.path.slice(6), null])));
    expect(saved.template).toBeNull();
  });

  it('takes an activity typed into a room of a property without activities, as any shared field takes typing', async () => {
    vi.mocked(getPropertyGuide).mockResolvedValue({
      name: 'Hotel Mar',
      guide: { ...shared, area: { ...shared.area, activities: [] } },
      stored: {},
      lastChange: { at: '2026-11-20T09:30:00Z', by: 'ana@example.com' },
    });
    vi.mocked(createRoom).mockResolvedValue();
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('QR Codes Used: 2 / 5');
    expect(screen.getByText('Not set for the property')).toBeInTheDocument();
    await fill(user, 'name', 'Room 108');
    await fill(user, 'roomNumber', '108');
    await fill(user, 'area.activities.new', 'Kayak tour');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('button', { name: 'Remove Kayak tour' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Use the property's value: Activities" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await screen.findByText('dashboard home');
    expect(vi.mocked(createRoom).mock.calls[0][2].area).toEqual({ location: null, activities: ['Kayak tour'], businessLink: null });
  });

  it("adds a typed activity to the property's list, which becomes the room's own", async () => {
    vi.mocked(createRoom).mockResolvedValue();
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('QR Codes Used: 2 / 5');
    expect(screen.getByTestId('inherited-list')).toHaveTextContent('Surf');
    await fill(user, 'name', 'Room 109');
    await fill(user, 'roomNumber', '109');
    await fill(user, 'area.activities.new', 'Kayak tour');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Surf' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await screen.findByText('dashboard home');
    expect(vi.mocked(createRoom).mock.calls[0][2].area.activities).toEqual(['Surf', 'Kayak tour']);
  });

  it("lets an edited room use the property's value again, which saves null, and keeps the fields it inherits inheriting", async () => {
    vi.mocked(getRoomForm).mockResolvedValue({
      propertyId,
      values: { ...newRoomValues(), name: 'Room 107', roomNumber: '107', wifi: { network: null, password: 'room-107-own' } },
    });
    vi.mocked(updateRoom).mockResolvedValue();
    const user = userEvent.setup();
    renderEdit();
    const password = await screen.findByRole('textbox', { name: 'WiFi password' });
    expect(password).toHaveValue('room-107-own');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: "Use the property's value: WiFi password" }));
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('placeholder', 'shared-pass');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('room detail');
    expect(updateRoom).toHaveBeenCalledWith(roomId, { ...newRoomValues(), name: 'Room 107', roomNumber: '107' });
  });

  describe('returning to where the host came from', () => {
    beforeEach(() => {
      vi.mocked(getRoomForm).mockResolvedValue({ propertyId, values: { ...newRoomValues(), name: 'Room 190', roomNumber: '190' } });
      vi.mocked(updateRoom).mockResolvedValue();
    });

    /** Opens the edit form as `from` says and saves it unchanged; answers the router once the room page shows. */
    async function saveEdit(from: Parameters<typeof renderEdit>[0]) {
      const user = userEvent.setup();
      const { router } = renderEdit(from);
      await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
      await screen.findByText('room detail');
      return router;
    }

    it('saved after coming from the room page: back to that page (its history entry, whose Back leads on to the list)', async () => {
      const router = await saveEdit({ origin: 'roomPage', history: [listPath, detailPath] });
      expect(router.state.historyAction).toBe('POP');
      expect(router.state.location.pathname).toBe(detailPath);
    });

    it('saved after coming from the room list: the room page in the form’s place, marked as opened from the list', async () => {
      const router = await saveEdit({ origin: 'roomList', history: [listPath] });
      expect(router.state.historyAction).toBe('REPLACE');
      expect(router.state.location.state).toEqual(openedFrom('roomList'));
    });

    it('cancelled after coming from the room list: back to the list, unsaved', async () => {
      const user = userEvent.setup();
      const { router } = renderEdit({ origin: 'roomList', history: [listPath] });
      await user.click(await screen.findByRole('button', { name: 'Cancel' }));
      await screen.findByText('room list');
      expect(router.state.historyAction).toBe('POP');
      expect(updateRoom).not.toHaveBeenCalled();
    });

    it('saved when opened any other way (a shared link, a bookmark): the room page, as a new screen', async () => {
      const router = await saveEdit(null);
      expect(router.state.historyAction).toBe('PUSH');
    });
  });
});
