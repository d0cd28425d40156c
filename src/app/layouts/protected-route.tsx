import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/page-spinner';
import { useAuth } from '@/lib/session';
import { useStoredSessionHint } from '../../first-paint/app/hydration';
import { paths, type RedirectState } from '@/lib/paths';

/** Protected routes: a spinner while auth loads, signed-out visitors go to /login (docs/product-spec.md §2). */
export function ProtectedRoute() {
  const { user, initialized } = useAuth();
  const location = useLocation();
  if (!initialized) return <PageSpinner />;
  if (!user) {
    const state: RedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}

/**
 * The landing page is for visitors: a signed-in user on / goes to /dashboard (docs/product-spec.md §4). A visitor sees it at once
 * (it is made at build time); only a stored session makes it wait for auth. A fresh load of / with a stored session
 * never gets here: the inline boot script has gone to /dashboard before anything painted.
 */
export function VisitorsOnlyRoute() {
  const { user, initialized } = useAuth();
  const maybeSignedIn = useStoredSessionHint();
  if (user) return <Navigate to={paths.dashboard} replace />;
  if (!initialized && maybeSignedIn) return <PageSpinner />;
  return <Outlet />;
}
