import { useMutation } from '@tanstack/react-query';
import type { LoginLinkPayload } from '@parley/domain/auth';
import { http } from '../../../shared/lib/http';
import { authResponseSchema, type AuthResponse } from './auth-response';

/** The one-time (auth-less) login: POST /api/auth/login-link { learnerId, token } → { user, session }. */
export function loginWithLink(payload: LoginLinkPayload): Promise<AuthResponse> {
  return http.post('/api/auth/login-link', payload, { parse: (data) => authResponseSchema.parse(data) });
}

export function useLoginLink() {
  return useMutation({ mutationFn: loginWithLink });
}
