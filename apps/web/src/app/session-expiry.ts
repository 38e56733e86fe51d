import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@parley/domain/roles';
import { setUnauthenticatedHandler } from '../shared/lib/http';
import { rememberIntendedPath } from '../shared/lib/intended-path';
import { clearSession, signInAgainPath } from '../shared/lib/session';

type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => unknown;

/**
 * When any call answers 401 for a role, that role's keys are cleared and the user
 * goes to that role's login page (remembering where they were). Returns the uninstaller.
 */
export function installSessionExpiry(navigate: Navigate, queryClient: QueryClient): () => void {
  setUnauthenticatedHandler((role: Role) => {
    const here = `${window.location.pathname}${window.location.search}`;
    const loginPath = signInAgainPath(role);
    clearSession(role);
    queryClient.removeQueries();
    if (!here.startsWith(loginPath.split('?')[0]!)) rememberIntendedPath(here);
    // The login form says the user was signed out (state, not the address).
    void navigate(loginPath, { replace: true, state: { signedOut: true } });
  });
  return () => setUnauthenticatedHandler(null);
}
