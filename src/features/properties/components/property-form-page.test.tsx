import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setSignedIn, testTeamId } from '@/testing/render';
import { ApiError } from '@/lib/data/api-error';
import { listProperties } from '@/lib/data/api/list-properties';
import { queryClient } from '@/lib/data/query-client';
import { createProperty } from '../api/create-property';
import { updateProperty } from '../api/update-property';
import { saveRequestSettings } from '../api/request-settings';
import PropertyFormPage from './property-form-page';

vi.mock('../api/create-property', () => ({ createProperty: vi.fn() }));
vi.mock('../api/update-property', () => ({ updateProperty: vi.fn() }));
vi.mock('@/lib/data/api/list-properties', () => ({ listProperties: vi.fn() }));
vi.mock('../api/request-settings', () => ({
  getRequestSettings: vi.fn().mockResolvedValue({ enabled: false, types: ['towels', 'other'], emails: [] }),
  saveRequestSettings: vi.fn(),
}));

const dashboard = [
  { path: '/dashboard', element: <p>dashboard home</p> },
  { path: '/dashboard/properties/:propertyId/qrcodes', element: <p>the new property's rooms</p> },
];
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

describe('PropertyFormPage', () => {
  beforeEach(() => {
    vi.mocked(createProperty).mockReset();
    vi.mocked(updateProperty).mockReset();
    setSignedIn('host@example.com');
  });

  it('requires name and type, then creates and opens the new property, where its next steps are', async () => {
    vi.mocked(createProperty).mockResolvedValue('p1');
    const user = userEvent.setup();
    renderWithProviders(<PropertyFormPage />, { route: '/dashboard/properties/new', routes: dashboard });
    expect(screen.getByRole('heading', { name: 'Add New Property' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText("Enter the property's name.")).toBeInTheDocument();
    expect(screen.getByText('Choose Hotel or Other.')).toBeInTheDocument();
    expect(createProperty).not.toHaveBeenCalled();

    await user.type(field('name'), ' Casa Azul ');
    await user.selectOptions(field('type') as unknown as HTMLSelectElement, 'other');
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText("the new property's rooms")).toBeInTheDocument();
    expect(createProperty).toHaveBeenCalledWith(testTeamId, { name: 'Casa Azul', type: 'other', address: null });
    expect(await screen.findByText('Property created successfully!')).toBeInTheDocument();
  });

  it('edits an existing property and keeps the input when saving fails', async () => {
    vi.mocked(listProperties).mockResolvedValue([
      { id: 'p1', team_id: testTeamId, name: 'Hotel Mar', type: 'hotel', address: null, created_at: '2026-01-01T00:00:00Z' },
    ]);
    vi.mocked(updateProperty).mockRejectedValue(new Error('network'));
    const user = userEvent.setup();
    renderWithProviders(<PropertyFormPage />, { route: '/dashboard/properties/p1/edit', path: '/dashboard/properties/:id/edit', routes: dashboard });
    expect(await screen.findByRole('heading', { name: 'Edit Property' })).toBeInTheDocument();
    expect(field('name').value).toBe('Hotel Mar');
    await user.type(field('address'), 'Paseo 1');
    await user.click(screen.getByRole('button', { name: 'Update Property' }));
    expect(await screen.findByText('Failed to save property.')).toBeInTheDocument();
    expect(field('address').value).toBe('Paseo 1');
    expect(updateProperty).toHaveBeenCalledWith('p1', { name: 'Hotel Mar', type: 'hotel', address: 'Paseo 1' });
  });

  it("shows the database's refusal at the field it names, in the host's words", async () => {
    // validate_property: SQLSTATE 23514 with the field in DETAIL, which PostgREST passes on as `details`.
    vi.mocked(createProperty).mockRejectedValue(new ApiError({ code: '23514', message: 'Property name can be at most 120 characters.', field: 'name' }));
    const user = userEvent.setup();
    renderWithProviders(<PropertyFormPage />, { route: '/dashboard/properties/new', routes: dashboard });
    await user.type(field('name'), 'Casa');
    await user.selectOptions(field('type') as unknown as HTMLSelectElement, 'hotel');
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    const message = await screen.findByText('Use at most 120 characters.');
    expect(message.closest('[data-scope="field"][data-part="root"]')?.querySelector('[name="name"]')).toBe(field('name'));
    expect(field('name').value).toBe('Casa');
  });

  it('keeps what the host typed when the property list refetches meanwhile, even when that refetch fails', async () => {
    const hotel = { id: 'p1', team_id: testTeamId, name: 'Hotel Mar', type: 'hotel' as const, address: null, created_at: '2026-01-01T00:00:00Z' };
    vi.mocked(listProperties).mockResolvedValue([hotel]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<PropertyFormPage />, { route: '/dashboard/properties/p1/edit', path: '/dashboard/properties/:id/edit', routes: dashboard });
    expect(await screen.findByRole('heading', { name: 'Edit Property' })).toBeInTheDocument();
    await user.type(field('address'), 'Paseo 1');

    vi.mocked(listProperties)
      .mockClear()
      .mockResolvedValueOnce([{ ...hotel, name: 'Renamed elsewhere' }])
      .mockRejectedValueOnce(new Error('offline'));
    await act(() => queryClient.invalidateQueries());
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(listProperties).toHaveBeenCalledTimes(2));
    expect(field('name').value).toBe('Hotel Mar');
    expect(field('address').value).toBe('Paseo 1');
    logged.mockRestore();
  });

  it('says the host must be logged in', async () => {
    setSignedIn(null);
    const user = userEvent.setup();
    renderWithProviders(<PropertyFormPage />, { route: '/dashboard/properties/new', routes: dashboard });
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('You must be logged in.')).toBeInTheDocument();
    expect(createProperty).not.toHaveBeenCalled();
  });

  it('sets the property’s guest requests on its edit page, naming a wrong address before saving', async () => {
    vi.mocked(listProperties).mockResolvedValue([
      { id: 'p1', team_id: testTeamId, name: 'Hotel Mar', type: 'hotel', address: null, created_at: '2026-01-01T00:00:00Z' },
    ]);
    vi.mocked(saveRequestSettings).mockResolvedValue();
    const user = userEvent.setup();
    renderWithProviders(<PropertyFormPage />, { route: '/dashboard/properties/p1/edit', path: '/dashboard/properties/:id/edit', routes: dashboard });
    const settings = await screen.findByRole('form', { name: 'Guest requests' });
    await user.click(within(settings).getByRole('checkbox', { name: "Guests may send requests from this property's guides" }));
    await user.click(within(settings).getByRole('checkbox', { name: 'Late checkout' }));
    const emails = within(settings).getByRole('textbox', { name: 'Email each new request to' });
    await user.type(emails, 'front desk');
    await user.click(within(settings).getByRole('button', { name: 'Save request settings' }));
    expect(await within(settings).findByText('Enter valid email addresses, at most 10, separated by commas.')).toBeInTheDocument();
    expect(saveRequestSettings).not.toHaveBeenCalled();

    await user.clear(emails);
    await user.type(emails, 'desk@hotel.test, night@hotel.test');
    await user.click(within(settings).getByRole('button', { name: 'Save request settings' }));
    await waitFor(() =>
      expect(saveRequestSettings).toHaveBeenCalledWith('p1', {
        enabled: true,
        types: ['towels', 'other', 'late_checkout'],
        emails: ['desk@hotel.test', 'night@hotel.test'],
      }),
    );
  });
});
