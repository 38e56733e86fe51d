import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Role } from '@parley/domain/roles';
import { http } from '../../../shared/lib/http';
import { clearSession, signInAgainPath, whileLoggingOut } from '../../../shared/lib/session';

/** POST /api/auth/logout { role } → 204; the server revokes that role's session row. */
export function logout(role: Role): Promise<void> {
  return http.post('/api/auth/logout', { role });
}

/** Logs out: keys are cleared even when the call fails (the user asked to leave). */
export function useLogout(role: Role) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    // The keys are cleared inside the logout's turn: the server closing this sign-in's sockets is then no news.
    mutationFn: () => whileLoggingOut(() => logout(role).finally(() => clearSession(role))),
    onSettled: () => {
      queryClient.clear();
      navigate(signInAgainPath(role), { replace: true });
    },
  });
}
