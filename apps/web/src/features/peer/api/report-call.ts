import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerQueryKey } from './get-peer-overview';

// POST /api/peer/calls/:id/report { reason }: goes to the moderators with the call's metadata,
// and ends the call if it is live (both sides then get peer:ended).

export function reportCall(callId: string, reason: string): Promise<void> {
  const as = peerAs();
  return http.post(`/api/peer/calls/${encodeURIComponent(callId)}/report`, { reason }, { role: as, actAs: as, parse: () => undefined });
}

export function useReportCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callId, reason }: { callId: string; reason: string }) => reportCall(callId, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peerQueryKey }),
  });
}
