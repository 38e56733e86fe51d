import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { peerProfilePayload } from '@parley/domain/peer';
import { http } from '../../../shared/lib/http';
import { peerAs } from '../lib/peer-as';
import { peerQueryKey } from './get-peer-overview';

// PUT /api/peer/profile (peerProfilePayload): level, first language, other languages,
// interests, availability. A 400 names the fields it refused.
export type PeerProfileUpdate = z.output<typeof peerProfilePayload>;

export function updatePeerProfile(payload: PeerProfileUpdate): Promise<void> {
  const as = peerAs();
  return http.put('/api/peer/profile', payload, { role: as, actAs: as, parse: () => undefined });
}

export function useUpdatePeerProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePeerProfile, onSuccess: () => queryClient.invalidateQueries({ queryKey: peerQueryKey }) });
}
