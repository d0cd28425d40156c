/**
 * The shared guide read again while it is open (a teammate's change arriving live, the tab shown again, a save): the
 * form shows the newer read in the same inputs while the host has typed nothing, and never replaces what they are typing.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/data/query-client';
import { renderWithProviders, setSignedIn, testTeamId } from '@/testing/render';
import PropertyGuidePage from './property-guide-page';

const propertyId = '11111111-1111-4111-8111-111111111111';
const stored = vi.hoisted(() => ({
  row: {
    name: 'Hotel Mar',
    hotel: { name: 'Hotel Mar', phone: '+34 600 000 001' },
    area: {},
    style: {},
    content: {},
    template: 'custom',
    updated_at: '2026-11-20T09:30:00Z',
    changed_by: null as string | null,
  },
}));

vi.mock('@/lib/supabase', () => {
  const chain = {
    select: () => chain,
    eq: () => chain,
    maybeSingle: async () => ({ data: structuredClone(stored.row), error: null }),
    order: async () => ({ data: [{ id: '11111111-1111-4111-8111-111111111111', team_id: testTeamId, ...stored.row }], error: null }),
  };
  return { supabase: { from: () => chain } };
});

/** The database changes and the screen's reads are marked stale, as a live change does; resolves once read and drawn. */
async function readAgain(phone: string, by: string): Promise<void> {
  stored.row = { ...stored.row, hotel: { ...stored.row.hotel, phone }, updated_at: new Date().toISOString(), changed_by: by };
  await act(() => queryClient.invalidateQueries());
  await vi.waitFor(() => {
    const reads = queryClient.getQueryCache().findAll({ queryKey: ['properties'] });
    expect(reads.some((read) => JSON.stringify(read.state.data ?? null).includes(phone))).toBe(true);
  });
  await act(async () => {});
}

describe('the shared guide read again while open', () => {
  beforeEach(() => {
    setSignedIn('host@example.com', null, { qr_codes_created: 1, qr_code_limit: 5 });
  });

  it('shows the newer read while nothing is typed, and keeps what the host types after that', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PropertyGuidePage />, { route: `/dashboard/properties/${propertyId}/guide`, path: '/dashboard/properties/:propertyId/guide' });
    const phone = await screen.findByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveValue('+34 600 000 001');

    phone.focus();
    await readAgain('+34 600 000 002', 'teammate@example.com');
    expect(await screen.findByDisplayValue('+34 600 000 002')).toBeInTheDocument();
    // The same input, updated in place: the focus stays where the host had it.
    expect(screen.getByRole('textbox', { name: 'Phone' })).toBe(phone);
    expect(phone).toHaveFocus();

    const current = screen.getByRole('textbox', { name: 'Phone' });
    await user.clear(current);
    await user.type(current, '+34 699 999 999');
    await readAgain('+34 600 000 003', 'teammate@example.com');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveValue('+34 699 999 999');
  });

  it("shows the template's colours, not black twice, while the shared guide has none of its own", async () => {
    renderWithProviders(<PropertyGuidePage />, { route: `/dashboard/properties/${propertyId}/guide`, path: '/dashboard/properties/:propertyId/guide' });
    await screen.findByRole('textbox', { name: 'Phone' });
    const pickers = Array.from(document.querySelectorAll<HTMLInputElement>('input[type=color]'));
    expect(pickers.map((picker) => picker.value)).toEqual(['#000000', '#ffffff']);
    expect(pickers.map((picker) => (picker.nextElementSibling as HTMLInputElement).placeholder)).toEqual(['#000000', '#ffffff']);
  });
});
