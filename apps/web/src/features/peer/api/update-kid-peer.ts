import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kidPeerKidSchema, type KidPeerKid } from '@parley/domain/kid-peer';
import type { PeerLevel } from '@parley/domain/peer';
import { http } from '../../../shared/lib/http';
import { peerQueryKey } from './get-peer-overview';

// The parent's changes to a kid's peer practice, each answering the kid's new state:
// PUT /api/kid-peer/kids/:kidId/consent { consent } (off withdraws the kid's upcoming times),
// PUT …/profile { level, firstLanguage }, POST …/minutes { minutes, requestKey } (from the parent's
// own; sent again under the same key, the minutes move once).

export type KidPeerChange =
  | { kind: 'consent'; kidId: string; consent: boolean }
  | { kind: 'profile'; kidId: string; level: PeerLevel; firstLanguage: string }
  | { kind: 'minutes'; kidId: string; minutes: number; requestKey: string };

export function updateKidPeer(change: KidPeerChange): Promise<KidPeerKid> {
  const base = `/api/kid-peer/kids/${encodeURIComponent(change.kidId)}`;
  const options = { role: 'learner' as const, actAs: 'learner' as const, parse: (data: unknown) => kidPeerKidSchema.parse(data) };
  if (change.kind === 'consent') return http.put(`${base}/consent`, { consent: change.consent }, options);
  if (change.kind === 'profile') return http.put(`${base}/profile`, { level: change.level, firstLanguage: change.firstLanguage }, options);
  return http.post(`${base}/minutes`, { minutes: change.minutes, requestKey: change.requestKey }, options);
}

export function useUpdateKidPeer() {
  const queryClient = useQueryClient();
  // Kids, their times and the parent's own minutes all may change.
  // Not awaited: the caller's own onSuccess (a toast) runs at once, not after the refetch.
  return useMutation({
    mutationFn: updateKidPeer,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: peerQueryKey });
    },
  });
}
