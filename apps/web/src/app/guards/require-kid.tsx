import { Navigate, Outlet } from 'react-router';
import { getItem } from '../../shared/lib/storage';
import { RedirectToLogin } from './redirect-to-login';

/** The kids area needs TOKEN and KID_TOKEN: else /kids/accounts?type=switch-kids, or /login. */
export function RequireKid() {
  if (getItem('TOKEN') === null) return <RedirectToLogin to="/login" />;
  if (getItem('KID_TOKEN') === null) return <Navigate to="/kids/accounts?type=switch-kids" replace />;
  return <Outlet />;
}
