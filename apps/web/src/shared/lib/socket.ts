import { useEffect, useState, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@parley/domain/chat';
import { reportUnauthenticated } from './http';
import { endedElsewhere } from './session';

// The realtime socket: same origin, path /socket.io, authenticated by the
// role's httpOnly cookie; `auth.role` picks one session when the browser holds several (a parent
// and the kid they switched to). One socket per role, shared by every component that needs it
// and closed when the last one lets go. Events are typed once in @parley/domain/chat.

export type SocketRole = 'learner' | 'kid' | 'teacher' | 'peer';
export type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const SOCKET_PATH = '/socket.io';
/** How long an emit waits for the server's ack before it counts as unreachable. */
export const SOCKET_ACK_TIMEOUT_MS = 10_000;

type Entry = { socket: ChatSocket; holders: number };
const entries = new Map<SocketRole, Entry>();

/** Takes a share of the role's socket, connecting it on first use. Pair with releaseSocket. */
export function acquireSocket(role: SocketRole): ChatSocket {
  let entry = entries.get(role);
  if (!entry) {
    // forceNew: each role needs its own connection (and handshake auth), never a shared manager.
    // WebSocket only: no long-polling phase, so any node behind the load balancer can take it.
    const socket: ChatSocket = io({ path: SOCKET_PATH, auth: { role }, forceNew: true, withCredentials: true, transports: ['websocket'] });
    signOutWhenEnded(socket, role);
    entry = { socket, holders: 0 };
    entries.set(role, entry);
  }
  entry.holders += 1;
  return entry.socket;
}

/**
 * The server closes a sign-in's sockets when it ends (a logout in another tab, a password changed
 * on another device), and refuses their reconnects: the socket would otherwise say "Connecting"
 * for ever. The role is signed out as a 401 does (its keys cleared, its login page). A first
 * connect refused is left to the page's own calls.
 */
function signOutWhenEnded(socket: ChatSocket, role: SocketRole): void {
  let connectedOnce = false;
  socket.on('connect', () => {
    connectedOnce = true;
  });
  const ended = () => {
    if (endedElsewhere(role)) reportUnauthenticated(role);
  };
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') ended();
  });
  socket.on('connect_error', (error) => {
    if (connectedOnce && error.message === 'UNAUTHENTICATED') ended();
  });
}

export function releaseSocket(role: SocketRole): void {
  const entry = entries.get(role);
  if (!entry) return;
  entry.holders -= 1;
  if (entry.holders <= 0) {
    entries.delete(role);
    entry.socket.removeAllListeners();
    entry.socket.disconnect();
  }
}

/** The role's socket while the component is mounted (null when disabled). */
export function useSocket(role: SocketRole, enabled = true): ChatSocket | null {
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const acquired = acquireSocket(role);
    setSocket(acquired);
    return () => {
      setSocket(null);
      releaseSocket(role);
    };
  }, [role, enabled]);
  return socket;
}

/** Whether the socket is connected right now; re-renders on connect and disconnect. */
export function useSocketConnected(socket: ChatSocket | null): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!socket) return () => {};
      socket.on('connect', onChange);
      socket.on('disconnect', onChange);
      socket.io.on('reconnect_attempt', onChange);
      return () => {
        socket.off('connect', onChange);
        socket.off('disconnect', onChange);
        socket.io.off('reconnect_attempt', onChange);
      };
    },
    () => socket?.connected ?? false,
    () => false,
  );
}

export type AckResult<T> = { ok: true; data: T } | { ok: false; message: string };

/** Thrown when the socket is down or the server does not answer in time. */
export class SocketUnreachableError extends Error {
  override readonly name = 'SocketUnreachableError';
}

/** The client events the server acknowledges. */
export type AckEvent = { [E in keyof ClientToServerEvents]: Parameters<ClientToServerEvents[E]>[1] extends undefined ? never : E }[keyof ClientToServerEvents];
type AckData<E extends AckEvent> = Parameters<NonNullable<Parameters<ClientToServerEvents[E]>[1]>>[0];

/**
 * Emits an event that the server acknowledges. Refuses at once when the socket is down, so a
 * message is never buffered and sent twice after the user retried.
 */
export function emitWithAck<E extends AckEvent>(
  socket: ChatSocket,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
  timeoutMs = SOCKET_ACK_TIMEOUT_MS,
): Promise<AckData<E>> {
  return emitEventWithAck(socket, event, payload, timeoutMs) as Promise<AckData<E>>;
}

/**
 * emitWithAck by the event's name, for code that picks the event at run time (the call room
 * joins a class with meeting:join and a peer call with peer:join); its caller's types keep the
 * name and payload a matching pair.
 */
export function emitEventWithAck(socket: ChatSocket, event: AckEvent, payload: unknown, timeoutMs = SOCKET_ACK_TIMEOUT_MS): Promise<unknown> {
  if (!socket.connected) return Promise.reject(new SocketUnreachableError('Socket is not connected'));
  return new Promise((resolve, reject) => {
    const timed = socket.timeout(timeoutMs);
    const emit = timed.emit as unknown as (this: typeof timed, name: AckEvent, body: unknown, ack: (error: Error | null, result: unknown) => void) => void;
    emit.call(timed, event, payload, (error, result) => {
      if (error) reject(new SocketUnreachableError(error.message));
      else resolve(result);
    });
  });
}
