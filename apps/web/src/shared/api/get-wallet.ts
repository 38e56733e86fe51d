import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Money } from '@parley/domain/money';
import { walletResponse } from '@parley/domain/payments';
import { http } from '../lib/http';

// GET /api/wallet → { closingBalance }: the learner's (a parent's) prepaid wallet. Kids' sessions
// are paid from it too, so the call always uses the parent's learner session (x-parley-as: learner).
export function getWallet(): Promise<Money> {
  return http.get('/api/wallet', { role: 'learner', actAs: 'learner', parse: (data) => walletResponse.parse(data).closingBalance });
}

/** Asked again whenever the tab comes back: money spent in another tab. */
export const walletQueryOptions = () => queryOptions({ queryKey: ['wallet', 'balance'], queryFn: getWallet, staleTime: 30_000, refetchOnWindowFocus: 'always' });

export function useWallet(enabled = true) {
  return useQuery({ ...walletQueryOptions(), enabled });
}
