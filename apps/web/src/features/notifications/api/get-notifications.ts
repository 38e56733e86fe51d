import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsResponse, type Notification } from '@parley/domain/live-sessions';
import type { Role } from '@parley/domain/roles';
import { http } from '../../../shared/lib/http';

// GET /api/notifications → { items, unread }: the signed-in user's latest notifications, newest
// first, and how many of all of them are unread. Each role's bell asks with its own session.
export type NotificationsPage = { items: Notification[]; unread: number };

export function getNotifications(role: Role): Promise<NotificationsPage> {
  return http.get('/api/notifications', { role, actAs: role, parse: (data) => notificationsResponse.parse(data) });
}

/** Every role's notifications: what the socket patches and a read marks stale. */
export const notificationsKey = (role: Role) => ['notifications', role] as const;

/** Roles without a live socket re-ask this often; the socket keeps the others current. */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsQueryOptions = (role: Role) => queryOptions({ queryKey: notificationsKey(role), queryFn: () => getNotifications(role), staleTime: 30_000 });

export function useNotifications(role: Role, { live }: { live: boolean }) {
  return useQuery({ ...notificationsQueryOptions(role), refetchInterval: live ? false : NOTIFICATIONS_POLL_MS });
}
