import { useMutation } from '@tanstack/react-query';
import type { AffiliateSignupPayload } from '@parley/domain/auth';
import { http } from '../../../shared/lib/http';
import { authResponseSchema, type AuthResponse } from './auth-response';

/** POST /api/auth/affiliate-signup (affiliateSignupPayload) → 201 { user, session } with role influencer, status Pending. */
export function affiliateSignup(payload: AffiliateSignupPayload): Promise<AuthResponse> {
  return http.post('/api/auth/affiliate-signup', payload, { parse: (data) => authResponseSchema.parse(data) });
}

export function useAffiliateSignup() {
  return useMutation({ mutationFn: affiliateSignup });
}
