import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buySessionsResponse, type BuySessionsPayload } from '@parley/domain/payments';
import { getKidRecord } from '../../../shared/api/get-current-user';
import { http } from '../../../shared/lib/http';
import { setItem } from '../../../shared/lib/storage';

// POST /api/kids/buy-sessions, paid from the parent's wallet
// with the parent's learner session → { message, grandTotal, sessionsAvailable, closingBalance }.
export function buyKidSessions(payload: BuySessionsPayload) {
  return http.post('/api/kids/buy-sessions', payload, { role: 'learner', actAs: 'learner', parse: (data) => buySessionsResponse.parse(data) });
}

/** Buying sessions for kids: the wallet and the kid's subject data refresh; a demo also refreshes the kid profile. */
export function useBuyKidSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyKidSessions,
    onSuccess: async (result, payload) => {
      queryClient.setQueryData(['wallet', 'balance'], result.closingBalance);
      const refreshes: Promise<unknown>[] = [
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['kid', payload.learnerId] }),
      ];
      if (payload.isDemo) {
        refreshes.push(
          getKidRecord(payload.learnerId)
            .then((kid) => setItem('KID', kid))
            .catch(() => undefined),
          // Not the quotes: the demo's would be refused now that it is taken (a 409 in the console).
          queryClient.invalidateQueries({ queryKey: ['kids'], predicate: (query) => query.queryKey[1] !== 'quote' }),
        );
      }
      await Promise.all(refreshes);
    },
  });
}
