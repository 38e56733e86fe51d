import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Money } from '@parley/domain/money';
import { topUpPresetsResponse } from '@parley/domain/payments';
import { http } from '../../../shared/lib/http';

// GET /api/wallet/top-up-presets → { presets }: 500, 1000, 2000 and 5000 rupees, or their dollar
// value at the rate the server has stored, so the modal and the offers always agree.
export function getTopUpPresets(): Promise<Money[]> {
  return http.get('/api/wallet/top-up-presets', { role: 'learner', actAs: 'learner', parse: (data) => topUpPresetsResponse.parse(data).presets });
}

export function useTopUpPresets() {
  return useQuery(queryOptions({ queryKey: ['wallet', 'top-up-presets'], queryFn: getTopUpPresets, staleTime: 10 * 60_000 }));
}
