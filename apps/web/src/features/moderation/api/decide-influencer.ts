import { useMutation, useQueryClient } from '@tanstack/react-query';
import { influencerApplicationSchema, type InfluencerApplication } from '@parley/domain/moderation';
import { http } from '../../../shared/lib/http';
import { auditLogQueryKey } from './get-audit-log';
import { influencerApplicationsQueryKey } from './get-influencer-applications';

// POST /api/moderator/influencers/:userId/approve, …/reject { reason } → the application as it now
// is. The affiliate reads the status, and a rejection's reason, in their own area.
export type InfluencerDecision = { decision: 'approve' } | { decision: 'reject'; reason: string };

export function decideInfluencer(userId: string, input: InfluencerDecision): Promise<InfluencerApplication> {
  const path = `/api/moderator/influencers/${encodeURIComponent(userId)}/${input.decision}`;
  return http.post(path, input.decision === 'reject' ? { reason: input.reason } : {}, {
    role: 'moderator',
    actAs: 'moderator',
    parse: (data) => influencerApplicationSchema.parse(data),
  });
}

export function useDecideInfluencer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...input }: { userId: string } & InfluencerDecision) => decideInfluencer(userId, input),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: influencerApplicationsQueryKey }), queryClient.invalidateQueries({ queryKey: auditLogQueryKey })]),
  });
}
