import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/data/api-error';
import { queryClient } from '@/lib/data/query-client';
import { queryKeys } from '@/lib/data/query-keys';
import type { MyTeam } from '@/lib/data/api/list-my-teams';
import { fakeSession, renderWithProviders, setSignedIn, testTeamId } from '@/testing/render';
import { emailInvitation, inviteMember, listPendingInvitations } from '../api/invitations';
import { setMemberRole } from '../api/members';
import { deleteTeam, listMembers, listTeamProperties, renameTeam } from '../api/teams';
import type { TeamMember } from '../types';
import TeamPage from './team-page';
import { readStoredTeam } from '@/first-paint/stored-team';

// A rename re-reads the teams: the host's own team, as setSignedIn puts it.
vi.mock('@/lib/data/api/list-my-teams', async () => {
  const { ownTeamOf } = await import('@/testing/render');
  return { listMyTeams: async () => [ownTeamOf()] };
});
vi.mock('../api/teams', () => ({ listMembers: vi.fn(), listTeamProperties: vi.fn(), renameTeam: vi.fn(), deleteTeam: vi.fn() }));
vi.mock('../api/members', () => ({ setMemberRole: vi.fn(), removeMember: vi.fn(), transferOwnership: vi.fn() }));
vi.mock('../api/invitations', () => ({ listPendingInvitations: vi.fn(), inviteMember: vi.fn(), revokeInvitation: vi.fn(), emailInvitation: vi.fn() }));

const me = fakeSession('host@example.com').user.id;
const teamId = testTeamId;
const owner: TeamMember = { userId: me, email: 'host@example.com', role: 'owner', propertyIds: null };
const editor: TeamMember = { userId: 'u2', email: 'ana@example.com', role: 'editor', propertyIds: ['p1'] };

function renderPage(members: TeamMember[]) {
  vi.mocked(listMembers).mockResolvedValue(members);
  return renderWithProviders(<TeamPage />, { route: '/dashboard/team', path: '/dashboard/team' });
}

describe('TeamPage', () => {
  beforeEach(() => {
    setSignedIn('host@example.com');
    vi.mocked(listTeamProperties).mockResolvedValue([
      { id: 'p1', name: 'Harbour' },
      { id: 'p2', name: 'Hill' },
    ]);
    vi.mocked(listPendingInvitations)
      .mockClear()
      .mockResolvedValue([{ id: 'i1', email: 'luis@example.com', role: 'front_desk', propertyIds: null, expiresAt: '2026-12-04T10:00:00Z' }]);
    vi.mocked(inviteMember).mockReset();
    vi.mocked(setMemberRole).mockReset();
  });

  it('shows an owner every member with role and properties, the invite form and pending invitations', async () => {
    renderPage([owner, editor]);
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('team-member');
    expect(within(rows[0]).getByText('host@example.com')).toBeInTheDocument();
    expect(within(rows[0]).getByText('you')).toBeInTheDocument();
    // The only owner cannot leave until someone else is owner.
    expect(within(rows[0]).queryByRole('button', { name: 'Leave the team' })).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('combobox', { name: 'Role of ana@example.com' })).toHaveValue('editor');
    expect(within(rows[1]).getByText('Only: Harbour')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Make owner' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Remove ana@example.com' })).toBeInTheDocument();
    const pending = await screen.findByTestId('pending-invitation');
    expect(within(pending).getByText('luis@example.com')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Withdraw the invitation of luis@example.com' })).toBeInTheDocument();
  });

  it('invites by address and role for some properties, emails the link in the host’s language, and shows it once', async () => {
    vi.mocked(inviteMember).mockResolvedValue({ id: 'i2', token: 'a'.repeat(64) });
    vi.mocked(emailInvitation).mockResolvedValue(true);
    const user = userEvent.setup();
    renderPage([owner]);
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'maria@example.com');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'front_desk');
    await user.click(screen.getByRole('checkbox', { name: 'Hill' }));
    await user.click(screen.getByRole('button', { name: 'Invite by email' }));
    expect(inviteMember).toHaveBeenCalledWith(teamId, 'maria@example.com', 'front_desk', ['p2']);
    expect(await screen.findByTestId('invitation-link')).toHaveTextContent(`${window.location.origin}/invite/${'a'.repeat(64)}`);
    expect(emailInvitation).toHaveBeenCalledWith('a'.repeat(64), 'en');
    expect(screen.getByText(/Invitation emailed to maria@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('');
  });

  it('asks the host to send the link themselves when the email could not go out', async () => {
    vi.mocked(inviteMember).mockResolvedValue({ id: 'i3', token: 'b'.repeat(64) });
    vi.mocked(emailInvitation).mockResolvedValue(false);
    const user = userEvent.setup();
    renderPage([owner]);
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'luis@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite by email' }));
    expect(await screen.findByText(/the email could not be sent. Send them this link yourself/)).toBeInTheDocument();
    expect(screen.getByTestId('invitation-link')).toHaveTextContent(`/invite/${'b'.repeat(64)}`);
  });

  it('says why an invitation is refused at the address, keeping what was typed', async () => {
    vi.mocked(inviteMember).mockRejectedValue(new ApiError({ code: '23505', message: 'This person is already a member of the team.', field: 'email' }));
    const user = userEvent.setup();
    renderPage([owner, editor]);
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite by email' }));
    expect((await screen.findAllByText('This person is already a member of the team.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('ana@example.com');
  });

  it('changes a role, and says so when the database refuses the last owner', async () => {
    vi.mocked(setMemberRole).mockRejectedValueOnce(new ApiError({ code: '23514', message: 'A team always keeps at least one owner.', field: 'role' }));
    const user = userEvent.setup();
    renderPage([owner, { ...editor, role: 'owner', propertyIds: null }]);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of ana@example.com' }), 'admin');
    expect(setMemberRole).toHaveBeenCalledWith(teamId, 'u2', 'admin', null);
    expect(await screen.findByText('A team always keeps at least one owner: make someone else owner first.')).toBeInTheDocument();
  });

  it('shows the team asked for (the one just joined), named after its founder, and makes it the team the host works in', async () => {
    const joined: MyTeam = { id: 't2', name: null, accountUserId: 'u0', founderEmail: 'boss@example.com', role: 'editor', propertyIds: null };
    queryClient.setQueryData<MyTeam[]>(queryKeys.teams(me), (teams = []) => [...teams, joined]);
    vi.mocked(listMembers).mockResolvedValue([{ ...owner, role: 'editor' }]);
    renderWithProviders(<TeamPage />, { route: '/dashboard/team?team=t2', path: '/dashboard/team' });
    expect(await screen.findByText("boss@example.com's team")).toBeInTheDocument();
    await vi.waitFor(() => expect(listMembers).toHaveBeenCalledWith('t2'));
    expect(readStoredTeam(me)).toBe('t2');
  });

  it('offers a front-desk member nothing to change but leaving', async () => {
    setSignedIn('host@example.com', null, {}, 'front_desk');
    renderPage([
      { ...owner, userId: 'u0', email: 'boss@example.com' },
      { ...owner, role: 'front_desk', propertyIds: ['p1'] },
    ]);
    const rows = await screen.findAllByTestId('team-member');
    expect(within(rows[0]).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]).getByRole('button', { name: 'Leave the team' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Email address' })).not.toBeInTheDocument();
    expect(screen.getByText('Ask an owner or admin of the team to invite someone or change a role.')).toBeInTheDocument();
    expect(listPendingInvitations).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'Team name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete the team' })).not.toBeInTheDocument();
  });

  it('lets an owner name the team, and says so when the name is too long, keeping it', async () => {
    vi.mocked(renameTeam).mockResolvedValue();
    const user = userEvent.setup();
    renderPage([owner]);
    const name = await screen.findByRole('textbox', { name: 'Team name' });
    expect(name).toHaveAttribute('placeholder', 'Your team');
    await user.type(name, '  Hotel Mar staff ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await vi.waitFor(() => expect(renameTeam).toHaveBeenCalledWith(teamId, 'Hotel Mar staff'));
    await user.clear(name);
    await user.type(name, 'x'.repeat(121));
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Use at most 120 characters.')).toBeInTheDocument();
    expect(renameTeam).toHaveBeenCalledTimes(1);
    expect(name).toHaveValue('x'.repeat(121));
  });

  it('deletes the team after the owner confirms, and says why when it is still subscribed', async () => {
    vi.mocked(deleteTeam).mockRejectedValueOnce(
      new ApiError({ code: 'TEAMS', message: "Cancel the team's subscription first, then delete the team.", field: 'subscribed' }),
    );
    vi.mocked(deleteTeam).mockResolvedValueOnce();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<TeamPage />, {
      route: '/dashboard/team',
      path: '/dashboard/team',
      routes: [{ path: '/dashboard', element: <p>dashboard</p> }],
    });
    vi.mocked(listMembers).mockResolvedValue([owner]);
    const confirmAndDelete = async () => {
      await user.click(await screen.findByRole('button', { name: 'Delete the team' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete the team' }));
    };
    await confirmAndDelete();
    expect(await screen.findByText("Cancel the team's subscription first (Manage subscription), then delete the team.")).toBeInTheDocument();
    await confirmAndDelete();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(deleteTeam).toHaveBeenLastCalledWith(teamId);
  });
});
