import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberIntendedPath } from '../../../shared/lib/intended-path';
import { rememberUtmParams, utmParamsOf, withUtmParams } from '../../../shared/lib/utm';

/**
 * Sends a visitor to /login the way the learner guard does: the page they were on (or `path`) is
 * remembered as the intended path, so signing in brings them back, and UTM parameters are kept.
 * The query is read from the address bar when it shows this page: a press on a server-rendered
 * page is replayed as it comes alive, before a filter chosen meanwhile has reached the router.
 */
export function useSignInFirst() {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (path?: string) => {
      const here = window.location.pathname === location.pathname ? window.location : location;
      rememberIntendedPath(path ?? `${here.pathname}${here.search}${here.hash}`);
      rememberUtmParams(here.search);
      void navigate(withUtmParams('/login', utmParamsOf(here.search)), { state: { continuing: true } });
    },
    [location, navigate],
  );
}
