import { useMutation } from '@tanstack/react-query';
import type { SignupPayload } from '@parley/domain/auth';
import { http } from '../../../shared/lib/http';
import { authResponseSchema, type AuthResponse } from './auth-response';

/** POST /api/auth/signup (signupPayload) → 201 { user, session } with role learner. */
export function signup(payload: SignupPayload): Promise<AuthResponse> {
  return http.post('/api/auth/signup', payload, { parse: (data) => authResponseSchema.parse(data) });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
