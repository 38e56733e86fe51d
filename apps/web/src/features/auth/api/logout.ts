import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Role } from '@parley/domain/roles';
import { http } from '../../../shared/lib/http';
import { clearSession, signInAgainPath, whileLoggingOut } from '../../../shared/lib/session';

/** POST /api/auth/logout { role } → 204; the server revokes that role's session row. */
export function logout(role: Role): Promise<void> {
  return http.post('/api/auth/logout', { role });
}

/**
 * Logs out: keys are cleared even when the call fails (the user asked to leave). The role is the
 * one the page had when Logout was pressed: clearing its keys can render the page as another's
 * (the learner layout falls back to the peer's), and the log-in it goes to is still this role's.
 */
export function useLogout(role: Role) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    // The keys are cleared inside the logout's turn: the server closing this sign-in's sockets is then no news.
    mutationFn: (as: Role) => whileLoggingOut(() => logout(as).finally(() => clearSession(as))),
    onSettled: (_done, _error, as) => {
      queryClient.clear();
      navigate(signInAgainPath(as), { replace: true });
    },
  });
  return { mutate: () => mutation.mutate(role), isPending: mutation.isPending };
}
