import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { certificatesResponse, type certificateSchema } from '@parley/domain/courses';
import { http } from '../../../shared/lib/http';

// GET /api/certificates → { items }: the learner's certificates, each with its PDF (GET
// /api/certificates/{id}/pdf, ?download=1 to save it) and its public verification path.
export type Certificate = z.infer<typeof certificateSchema>;

export function getCertificates(): Promise<Certificate[]> {
  return http.get('/api/certificates', { role: 'learner', actAs: 'learner', parse: (data) => certificatesResponse.parse(data).items });
}

export const certificatesQueryOptions = () => queryOptions({ queryKey: ['certificates'], queryFn: getCertificates });

export function useCertificates() {
  return useQuery(certificatesQueryOptions());
}

/** The PDF as a download rather than shown in the browser. */
export function certificateDownloadUrl(pdfUrl: string): string {
  return `${pdfUrl}${pdfUrl.includes('?') ? '&' : '?'}download=1`;
}
