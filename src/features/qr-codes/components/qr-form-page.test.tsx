import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import germanQr from '../../../../locales/de/qr.json';
import { ApiError, toApiError } from '@/lib/data/api-error';
import { listProperties } from '@/lib/data/api/list-properties';
import { listRooms } from '@/lib/data/api/list-rooms';
import { i18n } from '@/lib/i18n';
import { renderWithProviders, setSignedIn } from '@/testing/render';
import { createQrCode } from '../api/create-qr-code';
import { getQrCode } from '../api/get-qr-code';
import { emptyQrFormValues, type QrCode } from '../types';
import QrFormPage from './qr-form-page';

vi.mock('../api/create-qr-code', () => ({ createQrCode: vi.fn() }));
vi.mock('../api/update-qr-code', () => ({ updateQrCode: vi.fn() }));
vi.mock('../api/get-qr-code', () => ({ getQrCode: vi.fn() }));
vi.mock('@/lib/data/api/list-properties', () => ({ listProperties: vi.fn() }));
vi.mock('@/lib/data/api/list-rooms', () => ({ listRooms: vi.fn() }));
vi.mock('../api/upload-qr-image', () => ({ uploadQrImage: vi.fn() }));
// jsdom has no canvas: the preview's drawing is covered by the browser tests.
vi.mock('./qr-code-view', () => ({ QrCodeView: ({ look }: { look: { data: string } }) => <div data-testid="qr-preview">{look.data}</div> }));

const propertyId = '11111111-1111-4111-8111-111111111111';

function renderForm() {
  return renderWithProviders(<QrFormPage />, {
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

describe('QrFormPage (create)', () => {
  beforeEach(() => {
    vi.mocked(createQrCode).mockReset();
    vi.mocked(listProperties).mockResolvedValue([{ id: propertyId, name: 'Hotel Mar', type: 'hotel', address: null, created_at: '2026-01-01T00:00:00Z' }]);
    vi.mocked(listRooms).mockResolvedValue([]);
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
    expect(createQrCode).not.toHaveBeenCalled();
  });

  it("shows the database's refusal of a link at the website field, in the host's language", async () => {
    // What PostgREST answers when validate_qr_code refuses the website: SQLSTATE 23514, the field in `details`.
    vi.mocked(createQrCode).mockRejectedValue(
      toApiError({ code: '23514', message: 'hotel.website must be a web address starting with http:// or https://.', details: 'hotel.website', hint: null }),
    );
    i18n.addResourceBundle('de', 'qr', germanQr);
    await i18n.changeLanguage('de');
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('Genutzte QR-Codes: 2 / 5');
    await fill(user, 'name', 'Loft');
    await fill(user, 'roomNumber', '3');
    await fill(user, 'hotelWebsite', 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'QR-Code erstellen' }));
    const message = await screen.findByText('Geben Sie einen vollständigen Link ein, der mit https:// oder http:// beginnt');
    // Next to the website input: the same field wrapper holds the error and the input.
    expect(message.closest('[data-scope="field"][data-part="root"]')?.querySelector('[name="hotelWebsite"]')).toBe(field('hotelWebsite'));
    expect(field('hotelWebsite').value).toBe('javascript:alert(1)');
    expect(createQrCode).toHaveBeenCalledOnce();
  });

  it('checks nothing but the required fields before sending: links and colours are the database\'s rules', async () => {
    vi.mocked(createQrCode).mockResolvedValue();
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('QR Codes Used: 2 / 5');
    await fill(user, 'name', 'Loft');
    await fill(user, 'roomNumber', '3');
    await user.clear(field('primaryColor'));
    await fill(user, 'primaryColor', 'gold');
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await waitFor(() => expect(createQrCode).toHaveBeenCalledWith(expect.any(String), propertyId, expect.objectContaining({ style: expect.objectContaining({ primaryColor: 'gold' }) })));
  });

  it("shows the database's limit refusal and keeps what was typed", async () => {
    vi.mocked(createQrCode).mockRejectedValue(new ApiError({ code: 'QUOTA', message: 'You have reached your QR code limit.' }));
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('QR Codes Used: 2 / 5');
    await fill(user, 'name', 'Loft');
    await fill(user, 'roomNumber', '3');
    await fill(user, 'wifiPassword', 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    expect((await screen.findAllByText('You have reached your QR code limit.')).length).toBeGreaterThan(0);
    expect(field('name').value).toBe('Loft');
    expect(field('wifiPassword').value).toBe('secret-1');
    expect(screen.getByRole('button', { name: 'Create QR Code' })).toBeEnabled();
  });

  it('creates the code with the id its preview shows, then goes to the dashboard', async () => {
    vi.mocked(createQrCode).mockResolvedValue();
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
    expect(createQrCode).toHaveBeenCalledWith(
      id,
      propertyId,
      expect.objectContaining({ name: 'Loft', roomNumber: '3', template: 'cabin', style: expect.objectContaining({ primaryColor: '#1f4d2b', backgroundColor: '#d2b48c' }) }),
    );
  });

  it("starts a new room from the property's latest room", async () => {
    const latest: QrCode = {
      ...emptyQrFormValues(),
      id: 'b',
      propertyId,
      userId: 'u',
      scanCount: 0,
      lastScannedAt: null,
      createdAt: '2026-01-02T00:00:00Z',
      name: 'Room 2',
      roomNumber: '2',
      wifi: { network: 'Mar-Guest', password: 'olas' },
      hotel: { name: 'Hotel Mar', phone: '', website: '', description: '' },
    };
    const summary = (id: string, createdAt: string, property = propertyId) => ({ id, property_id: property, name: id, room_number: id, scan_count: 0, created_at: createdAt });
    // The latest room of this property is b: a newer room of another property does not count.
    vi.mocked(listRooms).mockResolvedValue([summary('a', '2026-01-01T00:00:00Z'), summary('b', '2026-01-02T00:00:00Z'), summary('c', '2026-01-03T00:00:00Z', 'elsewhere')]);
    vi.mocked(getQrCode).mockResolvedValue(latest);
    renderForm();
    await waitFor(() => expect(field('wifiNetwork').value).toBe('Mar-Guest'));
    expect(getQrCode).toHaveBeenCalledWith('b');
    expect(field('hotelName').value).toBe('Hotel Mar');
    expect(field('name').value).toBe('');
  });
});
