import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerOverviewQueryOptions } from './get-peer-overview';

// DELETE /api/peer/queue: stop waiting for a partner.

export function leaveQueue(): Promise<void> {
  const as = peerAs();
  return request('/api/peer/queue', { method: 'DELETE', role: as, actAs: as, parse: () => undefined });
}

export function useLeaveQueue() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaveQueue, onSettled: () => queryClient.invalidateQueries({ queryKey: peerOverviewQueryOptions().queryKey }) });
}
