import { useMutation, useQuery } from '@tanstack/react-query';
import {
  otherSessionsEnded,
  passwordResetCheck,
  passwordResetDone,
  type PasswordChangePayload,
  type PasswordResetPayload,
  type PasswordResetRequestPayload,
} from '@parley/domain/password-reset';
import type { PasswordRole } from '@parley/domain/roles';
import { z } from 'zod';
import { http } from '../../../shared/lib/http';

const received = z.object({ message: z.string() });

/** POST /api/auth/password-reset { role, email } → 202 { message }, the same whether the account exists. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (payload: PasswordResetRequestPayload) => http.post('/api/auth/password-reset', payload, { parse: (data) => received.parse(data) }),
  });
}

/** POST /api/auth/password-reset/check { token } → { valid }: asked as the link's page opens (a used link says so at once). */
export function usePasswordResetCheck(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['password-reset', 'check', token],
    queryFn: () => http.post('/api/auth/password-reset/check', { token }, { parse: (data) => passwordResetCheck.parse(data) }),
    enabled,
    staleTime: Infinity,
  });
}

/** POST /api/auth/password-reset/confirm { token, password } → { role, message }: where to log in now. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (payload: PasswordResetPayload) => http.post('/api/auth/password-reset/confirm', payload, { parse: (data) => passwordResetDone.parse(data) }),
  });
}

/**
 * PUT /api/auth/password as `role` (a browser may hold several roles' sessions: the header picks
 * the one whose page this is) → { ended, message }.
 */
export function useChangePassword(role: PasswordRole) {
  return useMutation({
    mutationFn: (payload: PasswordChangePayload) => http.put('/api/auth/password', payload, { role, actAs: role, parse: (data) => otherSessionsEnded.parse(data) }),
  });
}

/** POST /api/auth/sessions/end-others as `role` → { ended, message }. */
export function useEndOtherSessions(role: PasswordRole) {
  return useMutation({
    mutationFn: () => http.post('/api/auth/sessions/end-others', {}, { role, actAs: role, parse: (data) => otherSessionsEnded.parse(data) }),
  });
}
