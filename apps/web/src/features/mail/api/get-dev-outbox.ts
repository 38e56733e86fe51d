import { queryOptions, useQuery } from '@tanstack/react-query';
import { devOutboxResponse, type OutboxMessage } from '@parley/domain/mail';
import { http } from '../../../shared/lib/http';

// GET /api/dev/outbox[?to] → { items }: the latest 50 queued e-mails, newest first (development only).
export function getDevOutbox(to?: string): Promise<OutboxMessage[]> {
  return http.get('/api/dev/outbox', { query: { to }, parse: (data) => devOutboxResponse.parse(data).items });
}

export const devOutboxQueryOptions = (to?: string) => queryOptions({ queryKey: ['dev-outbox', to ?? ''], queryFn: () => getDevOutbox(to) });

export function useDevOutbox(to?: string) {
  return useQuery(devOutboxQueryOptions(to));
}
