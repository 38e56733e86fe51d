import { useEffect, useRef } from 'react';
import { useSocket, type SocketRole } from './socket';

/**
 * Runs `refresh` when the server says `sessions_changed` on the role's socket (one of this user's
 * sessions was booked, cancelled, moved or decided), and after a dropped connection comes back
 * (an event may have been missed). `refresh` should only invalidate cached queries.
 */
export function useSessionsChanged(role: SocketRole, refresh: () => void): void {
  const socket = useSocket(role);
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  useEffect(() => {
    if (!socket) return;
    let wasConnected = socket.connected;
    const onChange = () => latest.current();
    const onConnect = () => {
      if (wasConnected) onChange();
      wasConnected = true;
    };
    socket.on('sessions_changed', onChange);
    socket.on('connect', onConnect);
    return () => {
      socket.off('sessions_changed', onChange);
      socket.off('connect', onConnect);
    };
  }, [socket]);
}
