/**
 * The screens follow the host's team and role: the navbar's team switcher (kept on the device), the gate on the edit
 * routes, and a host removed from the team they work in, told at their next action and moved to a team they still
 * belong to.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Outlet } from 'react-router-dom';
import { fakeSession, renderRoutes, renderWithProviders, setSignedIn, testTeamId } from '@/testing/render';
import { readStoredTeam } from '@/first-paint/stored-team';
import { chooseTeam } from '@/lib/current-team';
import { listMyTeams, type MyTeam } from '@/lib/data/api/list-my-teams';
import { listProperties } from '@/lib/data/api/list-properties';
import { queryClient } from '@/lib/data/query-client';
import { queryKeys } from '@/lib/data/query-keys';
import type { PropertyRow } from '@/lib/data/rows';
import { Navbar } from './navbar';
import RoleGate from './role-gate';
import { DashboardLayout } from './dashboard-layout';

vi.mock('@/features/auth/api/sign-out', () => ({ signOut: vi.fn() }));
vi.mock('@/lib/data/api/list-my-teams', () => ({ listMyTeams: vi.fn() }));
vi.mock('@/lib/data/api/list-properties', () => ({ listProperties: vi.fn() }));

const me = fakeSession().user.id;
const joined: MyTeam = {
  id: '00000000-0000-4000-8000-0000000000bb',
  name: null,
  accountUserId: 'u0',
  founderEmail: 'boss@example.com',
  role: 'front_desk',
  propertyIds: null,
};
const harbour: PropertyRow = { id: 'p9', team_id: joined.id, name: 'Harbour', type: 'hotel', address: null, created_at: '2026-01-01T00:00:00Z' };

function addJoinedTeam(): void {
  queryClient.setQueryData<MyTeam[]>(queryKeys.teams(me), (teams = []) => [...teams, joined]);
}

beforeEach(() => {
  localStorage.clear();
  setSignedIn('host@example.com');
  vi.mocked(listProperties).mockResolvedValue([harbour]);
});

describe('the team switcher', () => {
  it('is not shown to a host in one team', async () => {
    renderWithProviders(<Navbar />, { route: '/dashboard', path: '*' });
    expect(await screen.findAllByRole('button', { name: 'Sign Out' })).not.toHaveLength(0);
    expect(screen.queryByRole('combobox', { name: 'Team' })).not.toBeInTheDocument();
  });

  it('switches to another team, keeps the choice on the device, and opens its property list', async () => {
    addJoinedTeam();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Navbar />, { route: '/dashboard/analytics', path: '*' });
    const switcher = (await screen.findAllByRole('combobox', { name: 'Team' }))[0];
    expect(switcher).toHaveValue(testTeamId);
    expect(within(switcher).getByRole('option', { name: "boss@example.com's team" })).toBeInTheDocument();
    // The plan is the owners' alone: shown in one's own team, not as the front desk of another.
    expect(screen.getAllByTestId('plan-button')).not.toHaveLength(0);
    await user.selectOptions(switcher, joined.id);
    expect(readStoredTeam(me)).toBe(joined.id);
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.queryByTestId('plan-button')).not.toBeInTheDocument();
  });
});

describe('the edit routes', () => {
  const gated = (route: string) =>
    renderRoutes(
      [
        {
          path: '/dashboard/properties/:propertyId',
          element: <RoleGate need="editGuide" propertyParam="propertyId" />,
          children: [{ path: 'guide', element: <p>The shared guide form</p> }],
        },
        { path: '/dashboard', element: <p>The property list</p> },
      ],
      route,
    );

  it('tell the front desk they lack access, and lead back to the dashboard', async () => {
    addJoinedTeam();
    const user = userEvent.setup();
    const { router } = gated(`/dashboard/properties/${harbour.id}/guide`);
    expect(await screen.findByText("You don't have access to this page")).toBeInTheDocument();
    expect(screen.getByText(/Your role in this team \(Front desk\) does not allow it/)).toBeInTheDocument();
    expect(screen.queryByText('The shared guide form')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('open for a role that may change the guide', async () => {
    addJoinedTeam();
    queryClient.setQueryData<MyTeam[]>(queryKeys.teams(me), (teams = []) => teams.map((team) => (team.id === joined.id ? { ...team, role: 'editor' } : team)));
    gated(`/dashboard/properties/${harbour.id}/guide`);
    expect(await screen.findByText('The shared guide form')).toBeInTheDocument();
  });
});

describe('a host removed from the team they work in', () => {
  it('is told at the next read of their teams and moved to a team they still belong to', async () => {
    addJoinedTeam();
    chooseTeam(me, joined.id);
    vi.mocked(listMyTeams).mockResolvedValue(queryClient.getQueryData<MyTeam[]>(queryKeys.teams(me))!.filter((team) => team.id !== joined.id));
    const { router } = renderRoutes(
      [{ path: '/dashboard', element: <DashboardLayout />, children: [{ path: '*', element: <Outlet /> }] }],
      '/dashboard/properties/p9/qrcodes',
    );
    await act(() => queryClient.invalidateQueries({ queryKey: queryKeys.teams(me) }));
    expect(await screen.findByText('You are no longer a member of that team. Nothing was changed; you now see Your team.')).toBeInTheDocument();
    expect(readStoredTeam(me)).toBe(testTeamId);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
