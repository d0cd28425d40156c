import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/data/api-error';
import { renderWithProviders, setSignedIn } from '@/testing/render';
import { acceptInvitation, getInvitationDetails } from '../api/invitations';
import InvitationPage from './invitation-page';

vi.mock('../api/invitations', () => ({ getInvitationDetails: vi.fn(), acceptInvitation: vi.fn() }));

const token = 'b'.repeat(64);
const signOut = vi.fn(async () => undefined);

function renderPage() {
  return renderWithProviders(<InvitationPage signOut={signOut} />, {
    route: `/invite/${token}`,
    path: '/invite/:token',
    routes: [
      { path: '/dashboard/team', element: <p>team page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
  });
}

describe('InvitationPage', () => {
  beforeEach(() => {
    vi.mocked(getInvitationDetails).mockResolvedValue({
      email: 'ana@example.com',
      role: 'editor',
      teamName: 'Hotel Mar staff',
      invitedBy: 'host@example.com',
      expiresAt: '2026-12-04T10:00:00Z',
    });
    vi.mocked(acceptInvitation).mockReset();
    signOut.mockClear();
  });

  it('shows what the link offers before signing in, and leads to sign-in and back', async () => {
    setSignedIn(null);
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Join Hotel Mar staff as Editor')).toBeInTheDocument();
    expect(screen.getByText('host@example.com invited ana@example.com.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in to accept' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('lets the invited account accept and opens the Team page', async () => {
    setSignedIn('ana@example.com');
    vi.mocked(acceptInvitation).mockResolvedValue('t1');
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Accept and join' }));
    expect(acceptInvitation).toHaveBeenCalledWith(token);
    expect(await screen.findByText('team page')).toBeInTheDocument();
  });

  it('asks which account to use when signed in as someone else', async () => {
    setSignedIn('host@example.com');
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByText('This invitation is for ana@example.com, but you are signed in as host@example.com. Which account do you want to use?'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and join' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out and use the invited account' }));
    expect(signOut).toHaveBeenCalled();
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it.each([
    ['used', 'This invitation has already been used.'],
    ['expired', 'This invitation has expired. Ask for a new one.'],
    ['revoked', 'This invitation was withdrawn.'],
    ['invalid', 'This invitation link is not valid. Check that you opened the whole link.'],
  ])('says a %s link cannot be used', async (state, message) => {
    setSignedIn(null);
    vi.mocked(getInvitationDetails).mockRejectedValue(new ApiError({ code: 'INVIT', message: 'refused', field: state }));
    renderPage();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });
});
