import { useSocket, type SocketRole } from './socket';
import { useSocketEvent } from './use-socket-event';

/**
 * Runs `refresh` when the server says `sessions_changed` on the role's socket (one of this user's
 * sessions was booked, cancelled, moved or decided), and after a dropped connection comes back
 * (an event may have been missed). `refresh` should only invalidate cached queries.
 */
export function useSessionsChanged(role: SocketRole, refresh: () => void): void {
  useSocketEvent(useSocket(role), 'sessions_changed', { onEvent: refresh, onReconnect: refresh });
}
