import { useMutation, useQueryClient } from '@tanstack/react-query';
import { peerQueueResponse, type PeerCallMode } from '@parley/domain/peer';
import type { z } from 'zod';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerOverviewQueryOptions } from './get-peer-overview';

// POST /api/peer/queue { mode } → { queued, since, matchedCallId }: "Practise now". A partner
// found at once comes back as matchedCallId; otherwise the match arrives as peer:matched.
// Refused (fewer than 5 minutes, no profile, suspended, in a call) with the server's text.
export type QueueAnswer = z.infer<typeof peerQueueResponse>;

export function joinQueue(mode: PeerCallMode): Promise<QueueAnswer> {
  const as = peerAs();
  return http.post('/api/peer/queue', { mode }, { role: as, actAs: as, parse: (data) => peerQueueResponse.parse(data) });
}

export function useJoinQueue() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: joinQueue, onSettled: () => queryClient.invalidateQueries({ queryKey: peerOverviewQueryOptions().queryKey }) });
}
