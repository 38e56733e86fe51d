import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { homePathByRole } from '@parley/domain/roles';
import type { AuthResponse } from '../api/auth-response';
import { takeIntendedPath } from '../../../shared/lib/intended-path';
import { saveSession } from '../../../shared/lib/session';
import { pathSuitsRole } from '../../../shared/lib/area-paths';

/** Keeps the session under the role's keys and answers where to go: the intended path or home. */
function finishSignIn({ user, session }: AuthResponse): string {
  saveSession(session.role, session.handle, user);
  const home = homePathByRole[session.role];
  const target = takeIntendedPath(home);
  return pathSuitsRole(target, session.role) ? target : home;
}

/**
 * Finishes a sign-in and goes on. What was read before it (a course as a visitor, in the visitor's
 * currency, with Buy now) is dropped, so the next page asks again as the signed-in user.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (answer: AuthResponse) => {
      const target = finishSignIn(answer);
      queryClient.removeQueries();
      void navigate(target, { replace: true });
    },
    [navigate, queryClient],
  );
}
