import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, notificationsResponse, type Notification } from '@parley/domain/live-sessions';
import type { Role } from '@parley/domain/roles';
import { http } from '../../../shared/lib/http';

// GET /api/notifications?limit → { items, unread, hasMore }: the signed-in user's latest `limit`
// notifications, newest first, how many of all of them are unread, and whether older ones are not
// listed. Each role's bell asks with its own session.
export type NotificationsPage = { items: Notification[]; unread: number; hasMore: boolean };

export function getNotifications(role: Role, limit: number): Promise<NotificationsPage> {
  return http.get('/api/notifications', { role, actAs: role, query: { limit }, parse: (data) => notificationsResponse.parse(data) });
}

/** Every role's notifications, however many are listed: what the socket patches and a read marks stale. */
export const notificationsKey = (role: Role) => ['notifications', role] as const;

/** Roles without a live socket re-ask this often; the socket keeps the others current. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsQueryOptions = (role: Role, limit = NOTIFICATIONS_PAGE_SIZE) =>
  queryOptions({ queryKey: [...notificationsKey(role), limit], queryFn: () => getNotifications(role, limit), staleTime: 30_000 });

/** The latest `limit`; while more are asked for, the list already shown stays. */
export function useNotifications(role: Role, { live, limit }: { live: boolean; limit: number }) {
  return useQuery({ ...notificationsQueryOptions(role, limit), placeholderData: keepPreviousData, refetchInterval: live ? false : NOTIFICATIONS_POLL_MS });
}
