import { homePathByRole } from '@parley/domain/roles';
import type { AuthResponse } from '../api/auth-response';
import { takeIntendedPath } from '../../../shared/lib/intended-path';
import { saveSession } from '../../../shared/lib/session';
import { pathSuitsRole } from '../../../shared/lib/area-paths';

/** Keeps the session under the role's keys and answers where to go: the intended path or home. */
export function finishSignIn({ user, session }: AuthResponse): string {
  saveSession(session.role, session.handle, user);
  const home = homePathByRole[session.role];
  const target = takeIntendedPath(home);
  return pathSuitsRole(target, session.role) ? target : home;
}
