import { Navigate, Outlet, useLocation } from 'react-router';
import { homePathByRole, loginPathByRole, type PasswordRole } from '@parley/domain/roles';
import { hasSession } from '../../shared/lib/session';
import { getItem } from '../../shared/lib/storage';
import { savedVerticalDashboard } from '../../shared/lib/vertical';

/** A signed-in user who opens the landing page goes to their saved vertical's dashboard. */
export function RedirectSignedIn() {
  if (hasSession('learner')) return <Navigate to={savedVerticalDashboard()} replace />;
  if (getItem('PEER_TOKEN') !== null) return <Navigate to={homePathByRole.peer} replace />;
  return <Outlet />;
}

/** Which role a sign-in page is for: its login path, and /signup for learners. */
function roleOfSignInPage(pathname: string): PasswordRole | null {
  if (pathname === '/signup') return 'learner';
  const found = Object.entries(loginPathByRole).find(([, path]) => path === pathname);
  return found ? (found[0] as PasswordRole) : null;
}

/**
 * A sign-in page opened by someone already signed in for its role sends them to their
 * dashboard instead. A moderator's one-time login link (/login?learnerId=…) still runs.
 */
export function SkipSignInWhenSignedIn() {
  const { pathname, search } = useLocation();
  const role = roleOfSignInPage(pathname);
  if (!role || !hasSession(role) || new URLSearchParams(search).has('learnerId')) return <Outlet />;
  return <Navigate to={role === 'learner' ? savedVerticalDashboard() : homePathByRole[role]} replace />;
}
