import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@parley/domain/chat';
import type { TestApp, TestClient } from './harness';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
/** What the server hands an event's ack callback. */
export type AckAnswer<T> = { ok: true; data: T } | { ok: false; message: string };
type Payload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Sockets as a browser opens them, to any server: the cookie header it would send and the role
 * asked for. `reconnection: false` keeps a dropped connection dropped, for tests that drop one on
 * purpose. Every socket is kept, so one `closeAll` in afterAll ends those a test left open.
 */
export function socketOpener(options: { reconnection?: boolean } = {}) {
  const opened: LiveSocket[] = [];
  /** A socket not waited for: the server may refuse it, and the test watches how. */
  const dial = (url: string, handshake: { cookie?: string; role?: string; origin?: string } = {}): LiveSocket => {
    const { cookie, role, origin } = handshake;
    const socket: LiveSocket = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      ...(cookie !== undefined && { extraHeaders: { cookie, ...(origin !== undefined && { origin }) } }),
      ...(role !== undefined && { auth: { role } }),
      forceNew: true,
      ...(options.reconnection !== undefined && { reconnection: options.reconnection }),
    });
    opened.push(socket);
    return socket;
  };
  return {
    dial,
    /** Resolves once the server said `connected`. */
    async open(url: string, cookie: string, role: string): Promise<LiveSocket> {
      const socket = dial(url, { cookie, role });
      await accepted(socket);
      return socket;
    },
    closeAll() {
      for (const socket of opened.splice(0)) socket.disconnect();
    },
  };
}

/**
 * The same for a test file's listening app, its cookies read from a TestClient. `app` and `baseUrl`
 * are read when a socket opens, as the file sets them in beforeAll; `open` takes another node's URL
 * and app for tests across two.
 */
export function liveSockets(app: () => TestApp, baseUrl: () => string, options: { reconnection?: boolean } = {}) {
  const sockets = socketOpener(options);
  return {
    dial: sockets.dial,
    open: (client: TestClient, role: string, url = baseUrl(), on = app()) => sockets.open(url, on.cookieHeader(client), role),
    closeAll: sockets.closeAll,
  };
}

/** Who the server says the socket is, from its `connected` event; a refused handshake rejects. */
export const accepted = (socket: LiveSocket) =>
  new Promise<Payload<'connected'>>((resolve, reject) => {
    socket.once('connected', resolve);
    socket.once('connect_error', reject);
  });

/** The error of a handshake the server refuses. */
export const connectError = (socket: LiveSocket) => new Promise<Error>((resolve) => socket.once('connect_error', resolve));

/** The next `event` the socket hears. Rejects after `timeoutMs`, so a missing event fails by its name, not by the test's timeout. */
export const nextEvent = <E extends keyof ServerToClientEvents>(socket: LiveSocket, event: E, timeoutMs = 5_000) =>
  new Promise<Payload<E>>((resolve, reject) => {
    const heard = (payload: Payload<E>) => {
      clearTimeout(timer);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      socket.off(event, heard as never);
      reject(new Error(`no ${event} event within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once(event, heard as never);
  });

/** Every `event` the socket hears from now on, in order (added to `seen` when given, to gather several in one list). */
export function recordEvents<E extends keyof ServerToClientEvents>(socket: LiveSocket, event: E, seen: unknown[] = []) {
  socket.on(event, ((payload: unknown) => seen.push(payload)) as never);
  return seen as Payload<E>[];
}

/** Emits `event` and resolves with the server's answer. Untyped payload, so a test can send what a browser should not. */
export const emitAck = <T = unknown,>(socket: LiveSocket, event: keyof ClientToServerEvents, payload: unknown) =>
  new Promise<AckAnswer<T>>((resolve) => (socket.emit as (...a: unknown[]) => void)(event, payload, resolve));
