import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setSignedIn } from '@/testing/render';
import { createProperty } from '../api/create-property';
import { getProperty } from '../api/get-property';
import { updateProperty } from '../api/update-property';
import PropertyFormPage from './property-form-page';

vi.mock('../api/create-property', () => ({ createProperty: vi.fn() }));
vi.mock('../api/update-property', () => ({ updateProperty: vi.fn() }));
vi.mock('../api/get-property', () => ({ getProperty: vi.fn() }));

const dashboard = [{ path: '/dashboard', element: <p>dashboard home</p> }];
const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

describe('PropertyFormPage', () => {
  beforeEach(() => {
    vi.mocked(createProperty).mockReset();
    vi.mocked(updateProperty).mockReset();
    setSignedIn('host@example.com');
  });

  it('requires name and type, then creates and returns to the dashboard', async () => {
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
    expect(await screen.findByText('dashboard home')).toBeInTheDocument();
    expect(createProperty).toHaveBeenCalledWith({ name: 'Casa Azul', type: 'other', address: null });
    expect(await screen.findByText('Property created successfully!')).toBeInTheDocument();
  });

  it('edits an existing property and keeps the input when saving fails', async () => {
    vi.mocked(getProperty).mockResolvedValue({ id: 'p1', name: 'Hotel Mar', type: 'hotel', address: null, createdAt: '', roomCount: 0 });
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

  it('says the host must be logged in', async () => {
    setSignedIn(null);
    const user = userEvent.setup();
    renderWithProviders(<PropertyFormPage />, { route: '/dashboard/properties/new', routes: dashboard });
    await user.click(screen.getByRole('button', { name: 'Create Property' }));
    expect(await screen.findByText('You must be logged in.')).toBeInTheDocument();
    expect(createProperty).not.toHaveBeenCalled();
  });
});
