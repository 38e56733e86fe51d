import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { rememberIntendedPath } from '../../../shared/lib/intended-path';
import { rememberUtmParams, utmParamsOf, withUtmParams } from '../../../shared/lib/utm';

/**
 * Sends a visitor to /login the way the learner guard does: the page they were on (or `path`) is
 * remembered as the intended path, so signing in brings them back, and UTM parameters are kept.
 */
export function useSignInFirst() {
  const location = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (path?: string) => {
      rememberIntendedPath(path ?? `${location.pathname}${location.search}${location.hash}`);
      rememberUtmParams(location.search);
      void navigate(withUtmParams('/login', utmParamsOf(location.search)));
    },
    [location, navigate],
  );
}
