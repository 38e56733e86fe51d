import { useLayoutEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { rememberIntendedPath } from '../../shared/lib/intended-path';
import { rememberUtmParams, utmParamsOf, withUtmParams } from '../../shared/lib/utm';

/**
 * Sends the visitor to a login page, remembering the intended path and keeping the
 * UTM parameters (stored under UTM_PARAMS and carried on the login URL).
 */
export function RedirectToLogin({ to }: { to: string }) {
  const location = useLocation();
  const intended = `${location.pathname}${location.search}${location.hash}`;
  const target = withUtmParams(to, utmParamsOf(location.search));

  // Layout effects run before <Navigate>'s effect, so the login page always finds them.
  useLayoutEffect(() => {
    rememberIntendedPath(intended);
    rememberUtmParams(location.search);
  }, [intended, location.search]);

  // The login page says the page asked for a sign-in first (state, not the address).
  return <Navigate to={target} replace state={{ continuing: true }} />;
}
