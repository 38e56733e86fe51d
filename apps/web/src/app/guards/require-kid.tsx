import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberIntendedPath } from '../../shared/lib/intended-path';
import { getItem } from '../../shared/lib/storage';
import { RedirectToLogin } from './redirect-to-login';
import { hasSession } from '../../shared/lib/session';

/**
 * The kids area needs TOKEN and KID_TOKEN: else /kids/accounts?type=switch-kids, or /login. A link
 * that names its kid (`?kid=`, from a session e-mail or notification) also asks which kid while
 * another one is open.
 */
export function RequireKid() {
  const location = useLocation();
  if (!hasSession('learner')) return <RedirectToLogin to="/login" />;
  const named = new URLSearchParams(location.search).get('kid');
  if (getItem('KID_TOKEN') === null || (named !== null && getItem('KID')?._id !== named)) return <ChooseKidFirst forKid={named} />;
  return <Outlet />;
}

/**
 * To the kid chooser, remembering the kid page asked for: choosing a kid continues there. Without
 * the kid's name, so the page opens for whichever kid is chosen rather than asking again; the
 * chooser is told (`for`) which kid the link named, and says so.
 */
function ChooseKidFirst({ forKid }: { forKid: string | null }) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.delete('kid');
  const query = search.toString();
  const intended = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
  // Before <Navigate>'s effect, so the chooser always finds it.
  useLayoutEffect(() => rememberIntendedPath(intended), [intended]);
  return <Navigate to={`/kids/accounts?type=switch-kids${forKid ? `&for=${encodeURIComponent(forKid)}` : ''}`} replace />;
}
