import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberIntendedPath } from '../../shared/lib/intended-path';
import { getItem } from '../../shared/lib/storage';
import { RedirectToLogin } from './redirect-to-login';

/** The kids area needs TOKEN and KID_TOKEN: else /kids/accounts?type=switch-kids, or /login. */
export function RequireKid() {
  if (getItem('TOKEN') === null) return <RedirectToLogin to="/login" />;
  if (getItem('KID_TOKEN') === null) return <ChooseKidFirst />;
  return <Outlet />;
}

/** To the kid chooser, remembering the kid page asked for: choosing a kid continues there. */
function ChooseKidFirst() {
  const location = useLocation();
  const intended = `${location.pathname}${location.search}${location.hash}`;
  // Before <Navigate>'s effect, so the chooser always finds it.
  useLayoutEffect(() => rememberIntendedPath(intended), [intended]);
  return <Navigate to="/kids/accounts?type=switch-kids" replace />;
}
