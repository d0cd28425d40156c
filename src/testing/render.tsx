/**
 * Render helpers for component tests: the app's providers (Chakra, the Jotai store, the query cache,
 * i18n with English) around a memory router, plus a way to sign a fake user in. The cache is emptied
 * after every test (`resetSessionState` in the setup).
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { Session } from '@supabase/auth-js';
import { AppProvider } from '@/app/provider';
import { i18n } from '@/lib/i18n';
import { store } from '@/lib/jotai';
import type { MyTeam } from '@/lib/data/api/list-my-teams';
import type { TeamRole } from '@/lib/team-access';
import { initializedAtom, sessionAtom } from '@/lib/session';
import { queryClient } from '@/lib/data/query-client';
import { queryKeys } from '@/lib/data/query-keys';
import type { SubscriptionRow, UserRow } from '@/lib/data/rows';

export interface RenderOptions {
  /** The URL to start at (default '/'). */
  route?: string;
  /** Router state of the first entry (e.g. `{ from: '/dashboard' }`). */
  state?: unknown;
  /** Extra routes next to the rendered element, e.g. `{ path: '/dashboard', element: <p>dashboard</p> }`. */
  routes?: RouteObject[];
  /** The path the element is mounted at (default: the route without its query). */
  path?: string;
  /** History entries before the route (the screens the visitor came through), oldest first. */
  before?: string[];
}

export type RenderWithRouterResult = RenderResult & { router: ReturnType<typeof createMemoryRouter> };

/** Renders `ui` at `route` inside the app's providers and a memory router. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderWithRouterResult {
  const route = options.route ?? '/';
  const path = options.path ?? route.split('?')[0];
  const before = options.before ?? [];
  const router = createMemoryRouter([{ path, element: ui }, ...(options.routes ?? [])], {
    initialEntries: [...before, { pathname: route.split('?')[0], search: route.includes('?') ? `?${route.split('?')[1]}` : '', state: options.state }],
    initialIndex: before.length,
  });
  const result = render(
    <AppProvider i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return Object.assign(result, { router });
}

/** Renders a whole route tree (for layouts and redirects). */
export function renderRoutes(routes: RouteObject[], route = '/'): RenderWithRouterResult {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const result = render(
    <AppProvider i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return Object.assign(result, { router });
}

export function fakeSession(email = 'host@example.com', id = '00000000-0000-4000-8000-000000000001'): Session {
  return {
    access_token: 'test-access-token',
    refresh_token: 'test-refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: {
      id,
      email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      created_at: new Date().toISOString(),
    },
  };
}

/**
 * Marks auth as initialised, signed in as `email` (or signed out with null), with `subscription` and the
 * profile the database would compute from it (plan and room limit while it is entitled, or `profile`'s
 * values) in the cache, so screens show them without a request. The user works in their own team, as `role`.
 */
/** The signed-in test user's own team (every property of the tests' fixtures is in it). */
export const testTeamId = '00000000-0000-4000-8000-0000000000aa';

/** The signed-in test host's own team as my_teams answers it: for tests whose screens read the teams again. */
export function ownTeamOf(email = 'host@example.com'): MyTeam {
  const host = fakeSession(email).user;
  return { id: testTeamId, name: null, accountUserId: host.id, founderEmail: email, role: 'owner', propertyIds: null };
}

export function setSignedIn(email: string | null, subscription: SubscriptionRow | null = null, profile: Partial<UserRow> = {}, role: TeamRole = 'owner'): void {
  const session = email ? fakeSession(email) : null;
  store.set(sessionAtom, session);
  store.set(initializedAtom, true);
  if (!session) return;
  const entitled = subscription?.entitled ?? false;
  const row: UserRow = {
    id: session.user.id,
    email,
    created_at: '2026-01-01T00:00:00Z',
    qr_codes_created: 0,
    qr_code_limit: entitled ? (subscription?.quantity ?? 0) : 0,
    plan: entitled ? (subscription?.plan_type ?? null) : null,
    ...profile,
  };
  const ownTeam: MyTeam = { id: testTeamId, name: null, accountUserId: session.user.id, founderEmail: email, role, propertyIds: null };
  queryClient.setQueryData(queryKeys.teams(session.user.id), [ownTeam]);
  // Kept as set (a test changes it with setQueryData): a refetch would ask the network, which tests do not have.
  queryClient.setQueryDefaults(queryKeys.teams(session.user.id), { staleTime: Infinity });
  queryClient.setQueryData(queryKeys.subscription(session.user.id, session.user.id), subscription);
  queryClient.setQueryData(queryKeys.profile(session.user.id, session.user.id), row);
}

/** Marks auth as still loading (before INITIAL_SESSION). */
export function setAuthLoading(): void {
  store.set(sessionAtom, null);
  store.set(initializedAtom, false);
}
