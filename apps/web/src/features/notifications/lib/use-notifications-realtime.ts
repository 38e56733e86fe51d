import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '@parley/domain/live-sessions';
import type { Role } from '@parley/domain/roles';
import { useSocket, type SocketRole } from '../../../shared/lib/socket';
import { useSocketEvent } from '../../../shared/lib/use-socket-event';
import { notificationsKey, type NotificationsPage } from '../api/get-notifications';

/** The roles whose sessions the socket accepts; the others' bells poll instead. */
export function socketRoleOf(role: Role): SocketRole | null {
  return role === 'learner' || role === 'kid' || role === 'teacher' || role === 'peer' ? role : null;
}

/**
 * A pushed notification joins the top of a cached list of the latest `limit` once, and counts as
 * unread. Beyond the limit, the oldest one leaves the list.
 */
export function withPushed(page: NotificationsPage, notification: Notification, limit = NOTIFICATIONS_PAGE_SIZE): NotificationsPage {
  if (page.items.some((n) => n._id === notification._id)) return page;
  const items = [notification, ...page.items];
  return {
    items: items.slice(0, limit),
    unread: page.unread + (notification.readAt === null ? 1 : 0),
    hasMore: page.hasMore || items.length > limit,
  };
}

/**
 * The `notification` socket event → the bell's cache (a socket handler only patches or
 * invalidates the cache), plus the text to announce politely. After a drop the list is asked
 * for again, for what was pushed while the socket was down.
 */
export function useNotificationsRealtime(role: Role): { live: boolean; announcement: string } {
  const socketRole = socketRoleOf(role);
  const socket = useSocket(socketRole ?? 'learner', socketRole !== null);
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');

  const key = notificationsKey(role);
  useSocketEvent(socket, 'notification', {
    onEvent: (notification: Notification) => {
      // Each cached list (the latest 20, or as many as Show older asked for: its key's last part).
      const lists = queryClient.getQueriesData<NotificationsPage>({ queryKey: key }).filter(([, page]) => page);
      for (const [listKey, page] of lists) queryClient.setQueryData(listKey, withPushed(page!, notification, Number(listKey.at(-1))));
      if (lists.length === 0) void queryClient.invalidateQueries({ queryKey: key });
      setAnnouncement(`New notification: ${notification.title}`);
    },
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  // Notices read without this user (a request answered in another tab, or expired): the list
  // again. After a drop the listener above already asks once.
  useSocketEvent(socket, 'notifications_read', { onEvent: () => void queryClient.invalidateQueries({ queryKey: key }), onReconnect: () => {} });

  return { live: socketRole !== null, announcement };
}
