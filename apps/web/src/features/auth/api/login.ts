import { useMutation } from '@tanstack/react-query';
import type { LoginPayload } from '@parley/domain/auth';
import { http } from '../../../shared/lib/http';
import { authResponseSchema, type AuthResponse } from './auth-response';

/** POST /api/auth/login { email, password, role } → { user, session }. */
export function login(payload: LoginPayload): Promise<AuthResponse> {
  return http.post('/api/auth/login', payload, { parse: (data) => authResponseSchema.parse(data) });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
