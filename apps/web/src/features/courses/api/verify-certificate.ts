import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { certificateVerificationSchema } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// GET /api/certificates/verify/{code} → who earned it, for which course and when. Public: anyone
// holding the code may check it; an unknown code answers 404.
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

export function verifyCertificate(code: string): Promise<CertificateVerification> {
  return http.get(`/api/certificates/verify/${encodeURIComponent(code)}`, { parse: (data) => certificateVerificationSchema.parse(data) });
}

export const verifyCertificateQueryOptions = (code: string) =>
  queryOptions({ queryKey: ['certificates', 'verify', code], queryFn: () => verifyCertificate(code), staleTime: 5 * 60_000 });

export function useVerifyCertificate(code: string, enabled: boolean) {
  return useQuery({ ...verifyCertificateQueryOptions(code), enabled, retry: false });
}
