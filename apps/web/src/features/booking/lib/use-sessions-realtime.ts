import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSocket } from '../../../shared/lib/socket';
import type { BookerAs } from './booker';
import { refreshSessions } from './refresh-sessions';

/**
 * Keeps the session lists current: the server says `sessions_changed` when one of this user's
 * sessions is booked (a tutor booking a chat request), cancelled or moved, and after a dropped
 * connection the lists are asked for again (a socket handler only invalidates the cache).
 */
export function useSessionsRealtime(as: BookerAs, ownerId: string) {
  const socket = useSocket(as);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    let wasConnected = socket.connected;
    const refresh = () => refreshSessions(queryClient, as, ownerId);
    const onConnect = () => {
      if (wasConnected) refresh();
      wasConnected = true;
    };
    socket.on('sessions_changed', refresh);
    socket.on('connect', onConnect);
    return () => {
      socket.off('sessions_changed', refresh);
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient, as, ownerId]);
}
