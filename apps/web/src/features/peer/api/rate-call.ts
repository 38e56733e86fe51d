import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { pastCallsQueryKey } from './get-past-calls';

// POST /api/peer/calls/:id/rating { stars: 1–5 }: one rating per call and side, editable; only
// once the call has ended.

export function rateCall(callId: string, stars: number): Promise<void> {
  const as = peerAs();
  return http.post(`/api/peer/calls/${encodeURIComponent(callId)}/rating`, { stars }, { role: as, actAs: as, parse: () => undefined });
}

export function useRateCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ callId, stars }: { callId: string; stars: number }) => rateCall(callId, stars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pastCallsQueryKey }),
  });
}
