import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { userRecordSchema } from '@parley/domain/user';
import { http } from '../../../shared/lib/http';
import { setActiveKid } from '../lib/active-kid';

// POST /api/learner/findKidById { learnerId } → { token, learner, message }: opens
// the kid session (the server sets the kid cookie); token is the handle kept as KID_TOKEN and
// learner the kid's record kept as KID.
const findKidResponse = z.object({ token: z.string(), learner: userRecordSchema, message: z.string().optional() });
export type FindKidResponse = z.infer<typeof findKidResponse>;

export function findKidById(learnerId: string): Promise<FindKidResponse> {
  return http.post('/api/learner/findKidById', { learnerId }, { role: 'learner', actAs: 'learner', parse: (data) => findKidResponse.parse(data) });
}

/** Makes a kid the active one: stores KID_TOKEN and KID, then refreshes that kid's data. */
export function useSelectKid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: findKidById,
    onSuccess: ({ token, learner }) => {
      setActiveKid(token, learner);
      // Refresh the chosen kid's data only. Refetching the previous kid's queries now would ask
      // with the new kid's cookie and file this kid's answers under the previous kid's id.
      return queryClient.invalidateQueries({ queryKey: ['kid', learner._id] });
    },
  });
}
