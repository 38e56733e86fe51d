import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@parley/domain/roles';
import { http } from '../../../shared/lib/http';
import { notificationsKey, type NotificationsPage } from './get-notifications';

// POST /api/notifications/read { ids? } → 204: marks the given notifications read, or every unread
// one when ids is left out.
export function markNotificationsRead(role: Role, ids?: string[]): Promise<void> {
  return http.post<void>('/api/notifications/read', ids ? { ids } : {}, { role, actAs: role });
}

/** Marks read, then shows them read at once and re-asks the server for the true count. */
export function useMarkNotificationsRead(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => markNotificationsRead(role, ids),
    onSuccess: (_data, ids) => {
      const readAt = new Date().toISOString();
      queryClient.setQueriesData<NotificationsPage>({ queryKey: notificationsKey(role) }, (page) => (page ? markedRead(page, ids, readAt) : page));
      void queryClient.invalidateQueries({ queryKey: notificationsKey(role) });
    },
  });
}

function markedRead(page: NotificationsPage, ids: string[] | undefined, readAt: string): NotificationsPage {
  const marks = (id: string) => !ids || ids.includes(id);
  const newlyRead = page.items.filter((n) => n.readAt === null && marks(n._id)).length;
  return {
    ...page,
    items: page.items.map((n) => (n.readAt === null && marks(n._id) ? { ...n, readAt } : n)),
    unread: ids ? Math.max(0, page.unread - newlyRead) : 0,
  };
}
