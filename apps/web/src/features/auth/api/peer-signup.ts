import { useMutation } from '@tanstack/react-query';
import type { SignupPayload } from '@parley/domain/auth';
import { http } from '../../../shared/lib/http';
import { authResponseSchema, type AuthResponse } from './auth-response';

/** POST /api/auth/peer-signup (signupPayload) → { user, session } with role peer. */
export function peerSignup(payload: SignupPayload): Promise<AuthResponse> {
  return http.post('/api/auth/peer-signup', payload, { parse: (data) => authResponseSchema.parse(data) });
}

export function usePeerSignup() {
  return useMutation({ mutationFn: peerSignup });
}
