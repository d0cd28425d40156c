import { screen } from '@testing-library/react';
import { act } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { renderRoutes, setAuthLoading, setSignedIn } from '@/testing/render';
import { redirectTarget } from '@/lib/paths';
import { ProtectedRoute, VisitorsOnlyRoute } from './protected-route';

function LoginProbe() {
  const location = useLocation();
  return <p>login page, from {redirectTarget(location.state)}</p>;
}

const routes = [
  {
    element: <Outlet />,
    children: [
      { element: <VisitorsOnlyRoute />, children: [{ index: true, element: <p>landing page</p> }] },
      { path: 'login', element: <LoginProbe /> },
      {
        element: <ProtectedRoute />,
        children: [
          { path: 'dashboard', element: <p>dashboard</p> },
          { path: 'dashboard/properties/:id/edit', element: <p>edit property</p> },
        ],
      },
    ],
  },
];

describe('protected routes', () => {
  it('shows a spinner while auth loads, then the page once signed in', () => {
    setAuthLoading();
    renderRoutes(routes, '/dashboard');
    expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
    expect(screen.queryByText('dashboard')).not.toBeInTheDocument();
    act(() => setSignedIn('host@example.com'));
    expect(screen.getByText('dashboard')).toBeInTheDocument();
  });

  it('sends signed-out visitors to /login and remembers where they wanted to go', () => {
    setSignedIn(null);
    const { router } = renderRoutes(routes, '/dashboard/properties/p1/edit');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('login page, from /dashboard/properties/p1/edit')).toBeInTheDocument();
  });

  it('sends a signed-in user on / to /dashboard', () => {
    setSignedIn('host@example.com');
    const { router } = renderRoutes(routes, '/');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByText('dashboard')).toBeInTheDocument();
  });

  it('shows the landing page to visitors', () => {
    setSignedIn(null);
    renderRoutes(routes, '/');
    expect(screen.getByText('landing page')).toBeInTheDocument();
  });

  it('shows the landing page while auth loads (it is made at build time for visitors), unless a session is stored', () => {
    setAuthLoading();
    const { unmount } = renderRoutes(routes, '/');
    expect(screen.getByText('landing page')).toBeInTheDocument();
    unmount();
    document.documentElement.setAttribute('data-signed-in', '');
    try {
      renderRoutes(routes, '/');
      expect(screen.getByTestId('page-spinner')).toBeInTheDocument();
      act(() => setSignedIn('host@example.com'));
      expect(screen.getByText('dashboard')).toBeInTheDocument();
    } finally {
      document.documentElement.removeAttribute('data-signed-in');
    }
  });

  it('only returns to in-app paths after sign-in', () => {
    expect(redirectTarget({ from: '/dashboard/subscription' })).toBe('/dashboard/subscription');
    expect(redirectTarget({ from: '//evil.example' })).toBe('/dashboard');
    expect(redirectTarget({ from: 'https://evil.example' })).toBe('/dashboard');
    expect(redirectTarget(null)).toBe('/dashboard');
  });
});
