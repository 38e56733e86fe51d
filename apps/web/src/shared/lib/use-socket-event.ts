import { useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '@parley/domain/chat';
import type { ChatSocket } from './socket';

type Handlers<E extends keyof ServerToClientEvents> = {
  /** The event's handler (it should only patch or invalidate cached queries). */
  onEvent: ServerToClientEvents[E];
  /** After a dropped connection comes back: an event may have been missed meanwhile. */
  onReconnect: () => void;
};

/**
 * Listens for one server event on `socket` while mounted, and for the connection coming back.
 * The handlers may change on every render; the listeners stay put.
 */
export function useSocketEvent<E extends keyof ServerToClientEvents>(socket: ChatSocket | null, event: E, handlers: Handlers<E>): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!socket) return;
    let wasConnected = socket.connected;
    const onEvent = (...args: unknown[]) => (latest.current.onEvent as (...received: unknown[]) => void)(...args);
    const onConnect = () => {
      if (wasConnected) latest.current.onReconnect();
      wasConnected = true;
    };
    socket.on(event, onEvent as never);
    socket.on('connect', onConnect);
    return () => {
      socket.off(event, onEvent as never);
      socket.off('connect', onConnect);
    };
  }, [socket, event]);
}
