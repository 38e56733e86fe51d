import { useQueryClient } from '@tanstack/react-query';
import { useSessionsChanged } from '../../../shared/lib/use-sessions-changed';
import type { BookerAs } from './booker';
import { refreshSessions } from './refresh-sessions';

/**
 * Keeps the session lists current: the server says `sessions_changed` when one of this user's
 * sessions is booked (a tutor booking a chat request), cancelled or moved; after a dropped
 * connection they reload too.
 */
export function useSessionsRealtime(as: BookerAs, ownerId: string) {
  const queryClient = useQueryClient();
  useSessionsChanged(as, () => refreshSessions(queryClient, as, ownerId));
}
