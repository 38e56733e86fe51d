import { useMutation, useQueryClient } from '@tanstack/react-query';
import { renamedKidResponse, type RenamedKidResponse, type RenameKidPayload } from '@parley/domain/kids';
import { kidRecordQueryOptions } from '../../../shared/api/get-current-user';
import { http } from '../../../shared/lib/http';
import { kidPeerKidsQueryOptions } from '../../peer/api/get-kid-peer-kids';
import { renameActiveKid } from '../lib/active-kid';
import { kidsQueryOptions, updateKidsList } from './get-kids-by-parent-id';

// POST /api/learner/kids/:kidId/rename { name } → { kid, message }; the name rule is Add kid's.
// Another parent's kid (or one removed meanwhile) answers 404.
export type RenameKidRequest = RenameKidPayload & { kidId: string };

export function renameKid({ kidId, name }: RenameKidRequest): Promise<RenamedKidResponse> {
  return http.post(`/api/learner/kids/${encodeURIComponent(kidId)}/rename`, { name }, { role: 'learner', actAs: 'learner', parse: (data) => renamedKidResponse.parse(data) });
}

/** Renames a kid: the list, CHILDREN, the kid switcher and (for the active kid) KID show the new name at once. */
export function useRenameKid() {
  const queryClient = useQueryClient();
  const key = kidsQueryOptions().queryKey;
  return useMutation({
    mutationFn: renameKid,
    onSuccess: ({ kid }) => {
      renameActiveKid(kid);
      return Promise.all([
        updateKidsList(queryClient, (kids) => kids.map((k) => (k._id === kid._id ? kid : k))),
        queryClient.invalidateQueries({ queryKey: kidRecordQueryOptions(kid._id).queryKey }),
        queryClient.invalidateQueries({ queryKey: kidPeerKidsQueryOptions().queryKey }),
      ]);
    },
    // A refusal (the kid removed in another tab) means our list is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
