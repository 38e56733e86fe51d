import { Navigate, Outlet } from 'react-router';
import { homePathByRole } from '@parley/domain/roles';
import { getItem } from '../../shared/lib/storage';
import { savedVerticalDashboard } from '../../shared/lib/vertical';

/** A signed-in user who opens the landing page goes to their saved vertical's dashboard. */
export function RedirectSignedIn() {
  if (getItem('TOKEN') !== null) return <Navigate to={savedVerticalDashboard()} replace />;
  if (getItem('PEER_TOKEN') !== null) return <Navigate to={homePathByRole.peer} replace />;
  return <Outlet />;
}
