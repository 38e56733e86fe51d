import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginLinkIssuedSchema } from '@parley/domain/moderation';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import { auditLogQueryKey } from './get-audit-log';

// POST /api/moderator/login-links { learnerId } → { url, expiresAt }: a single-use login link for
// the learner, valid 15 minutes. The server keeps only its hash: this answer is the one chance to copy it.
export type IssuedLoginLink = z.infer<typeof loginLinkIssuedSchema>;

export function issueLoginLink(learnerId: string): Promise<IssuedLoginLink> {
  return http.post('/api/moderator/login-links', { learnerId }, { role: 'moderator', actAs: 'moderator', parse: (data) => loginLinkIssuedSchema.parse(data) });
}

export function useIssueLoginLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (learnerId: string) => issueLoginLink(learnerId),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['moderation', 'login-link-audit'] }), queryClient.invalidateQueries({ queryKey: auditLogQueryKey })]),
  });
}
