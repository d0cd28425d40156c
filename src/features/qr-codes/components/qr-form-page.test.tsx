import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setSignedIn } from '@/testing/render';
import { createQrCode } from '../api/create-qr-code';
import { getPropertyName } from '../api/get-property-name';
import { getQrUsage } from '../api/get-qr-usage';
import { listQrCodes } from '../api/list-qr-codes';
import { QrCodeError } from '../errors';
import { emptyQrFormValues, type QrCode } from '../types';
import QrFormPage from './qr-form-page';

vi.mock('../api/create-qr-code', () => ({ createQrCode: vi.fn() }));
vi.mock('../api/update-qr-code', () => ({ updateQrCode: vi.fn() }));
vi.mock('../api/get-qr-code', () => ({ getQrCode: vi.fn() }));
vi.mock('../api/get-property-name', () => ({ getPropertyName: vi.fn() }));
vi.mock('../api/list-qr-codes', () => ({ listQrCodes: vi.fn() }));
vi.mock('../api/get-qr-usage', () => ({ getQrUsage: vi.fn() }));
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
    vi.mocked(getPropertyName).mockResolvedValue('Hotel Mar');
    vi.mocked(listQrCodes).mockResolvedValue([]);
    vi.mocked(getQrUsage).mockResolvedValue({ used: 2, limit: 5 });
    setSignedIn('host@example.com');
  });

  it('shows the quota and requires the name and the room number before sending', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(await screen.findByText('QR Codes Used: 2 / 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    expect((await screen.findAllByText('Please enter name and room number')).length).toBeGreaterThan(0);
    expect(createQrCode).not.toHaveBeenCalled();
  });

  it('refuses a non-http link and a bad colour next to the field', async () => {
    const user = userEvent.setup();
    renderForm();
    await screen.findByText('QR Codes Used: 2 / 5');
    await fill(user, 'name', 'Loft');
    await fill(user, 'roomNumber', '3');
    await fill(user, 'hotelWebsite', 'javascript:alert(1)');
    await user.clear(field('primaryColor'));
    await fill(user, 'primaryColor', 'gold');
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    expect(await screen.findByText('Enter a full link starting with https:// or http://')).toBeInTheDocument();
    expect(screen.getByText('Enter a colour as #rrggbb, for example #1e5aa8.')).toBeInTheDocument();
    expect(createQrCode).not.toHaveBeenCalled();
  });

  it("shows the database's limit refusal and keeps what was typed", async () => {
    vi.mocked(createQrCode).mockRejectedValue(new QrCodeError('limitReached', 'You have reached your QR code limit.'));
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
      id: 'a',
      propertyId,
      userId: 'u',
      scanCount: 0,
      lastScannedAt: null,
      createdAt: '2026-01-01T00:00:00Z',
      name: 'Room 1',
      roomNumber: '1',
      wifi: { network: 'Mar-Guest', password: 'olas' },
      hotel: { name: 'Hotel Mar', phone: '', website: '', description: '' },
    };
    vi.mocked(listQrCodes).mockResolvedValue([latest]);
    renderForm();
    await waitFor(() => expect(field('wifiNetwork').value).toBe('Mar-Guest'));
    expect(field('hotelName').value).toBe('Hotel Mar');
    expect(field('name').value).toBe('');
  });
});
