import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { updateGuestRequest, type GuestRequestRow } from '../api/guest-requests';
import { RequestCard } from './request-card';

vi.mock('../api/guest-requests', () => ({ updateGuestRequest: vi.fn() }));

const shownAt = Date.now();
const request: GuestRequestRow = {
  id: 'r1',
  property_id: 'p1',
  qr_code_id: 'q1',
  type: 'maintenance',
  note: 'The shower drips',
  preferred_time: '09:30:00',
  language: 'de',
  status: 'received',
  assignee_id: null,
  internal_note: null,
  reply: null,
  created_at: new Date(shownAt - 5 * 60_000).toISOString(),
  done_at: null,
  qr_codes: { name: 'Room 215', room_number: '215' },
  properties: { name: 'Harbour', team_id: 't1' },
};
const assignees = [
  { userId: 'u1', email: 'desk@hotel.test', propertyIds: null },
  { userId: 'u2', email: 'hill@hotel.test', propertyIds: ['p2'] },
];

/** Replaces the card's row, as a live refetch does. */
let setRow: (row: GuestRequestRow) => void = () => undefined;

function LiveCard({ initial }: { initial: GuestRequestRow }) {
  const [row, set] = useState(initial);
  useEffect(() => {
    setRow = set;
  }, []);
  return <RequestCard request={row} assignees={assignees} fresh={false} now={shownAt} />;
}

function show(row: GuestRequestRow) {
  return renderWithProviders(<LiveCard initial={row} />);
}

describe('a request in the staff queue', () => {
  beforeEach(() => vi.mocked(updateGuestRequest).mockReset().mockResolvedValue());

  it('says what, where, how long ago and in which language, and offers only members who reach the property', async () => {
    show(request);
    expect(await screen.findByRole('article', { name: 'Something to fix · Room 215' })).toBeInTheDocument();
    expect(screen.getByRole('article').textContent).toContain('Harbour · 5 minutes ago · speaks Deutsch');
    expect(screen.getByText('Preferred time: 09:30')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'desk@hotel.test' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'hill@hotel.test' })).toBeNull();
  });

  it('starts, assigns and answers it', async () => {
    const user = userEvent.setup();
    show(request);
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    await waitFor(() => expect(updateGuestRequest).toHaveBeenCalledWith('r1', { status: 'in_progress' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Assigned to' }), 'u1');
    await waitFor(() => expect(updateGuestRequest).toHaveBeenCalledWith('r1', { assignee_id: 'u1' }));
    await user.type(screen.getByRole('textbox', { name: 'Reply to the guest' }), ' Coming at 10 ');
    await user.click(screen.getByRole('button', { name: 'Save reply and note' }));
    await waitFor(() => expect(updateGuestRequest).toHaveBeenCalledWith('r1', { reply: 'Coming at 10', internal_note: null }));
  });

  it('shows the wait on the button pressed only, and keeps the card’s other changes off until it is saved', async () => {
    let finish: () => void = () => undefined;
    vi.mocked(updateGuestRequest).mockReturnValueOnce(new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    show(request);
    await user.click(await screen.findByRole('button', { name: 'Start' }));
    const markDone = screen.getByRole('button', { name: 'Mark done' });
    await waitFor(() => expect(markDone).toBeDisabled());
    expect(markDone).not.toHaveAttribute('data-loading');
    const waiting = Array.from(document.querySelectorAll('button[data-loading]'));
    expect(waiting.map((button) => button.textContent)).toEqual([expect.stringContaining('Start')]);
    await act(async () => finish());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark done' })).toBeEnabled());
  });

  it('shows a teammate’s reply as it arrives, unless this member is typing their own', async () => {
    const user = userEvent.setup();
    show(request);
    const reply = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Reply to the guest' });
    await screen.findByRole('article');
    act(() => setRow({ ...request, reply: 'On our way' }));
    await waitFor(() => expect(reply().value).toBe('On our way'));
    await user.clear(reply());
    await user.type(reply(), 'Mine');
    act(() => setRow({ ...request, reply: 'Theirs' }));
    await waitFor(() => expect(reply().value).toBe('Mine'));
  });
});
