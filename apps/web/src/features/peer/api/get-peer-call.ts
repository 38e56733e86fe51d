import { queryOptions, useQuery } from '@tanstack/react-query';
import { peerCallInfoSchema, type PeerCallInfo } from '@parley/domain/peer';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerQueryKey } from './get-peer-overview';

// GET /api/peer/calls/:id → peerCallInfoSchema: the mode, status, the polite side, the partner,
// the topic card, when it started and ends itself, and once ended the caller's charge.

export function getPeerCall(callId: string): Promise<PeerCallInfo> {
  const as = peerAs();
  return http.get(`/api/peer/calls/${encodeURIComponent(callId)}`, { role: as, actAs: as, parse: (data) => peerCallInfoSchema.parse(data) });
}

export const peerCallQueryOptions = (callId: string) => queryOptions({ queryKey: [...peerQueryKey, 'call', callId], queryFn: () => getPeerCall(callId) });

export function usePeerCall(callId: string) {
  return useQuery(peerCallQueryOptions(callId));
}
