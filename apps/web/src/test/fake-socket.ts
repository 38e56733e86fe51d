import { vi } from 'vitest';

// A stand-in for socket.io-client's socket, so a component test can push server events and see
// what the app sent:
//   vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));
//   lastFakeSocket().serverEmit('sessions_changed', { sessionId })
// or, for a file that drives one connection throughout, `sharedIo` and `sharedSocket` (below).

type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  connected = true;
  readonly auth: unknown;
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Every event the app sent, in order, with or without an ack. */
  emitted: { event: string; payload: unknown }[] = [];
  /** How an event sent with an ack (`timeout(ms).emit`) is answered; one with no answer times out. */
  answer: Record<string, (payload: unknown) => unknown> = {};
  readonly emit = vi.fn((event: string, payload?: unknown) => {
    this.emitted.push({ event, payload });
    return this;
  });
  readonly io = { on: () => undefined, off: () => undefined };

  constructor(options: { auth?: unknown } = {}) {
    this.auth = options.auth;
  }

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  disconnect() {
    this.connected = false;
    return this;
  }

  timeout() {
    return {
      emit: (event: string, payload: unknown, ack: (error: Error | null, result?: unknown) => void) => {
        this.emitted.push({ event, payload });
        const answer = this.answer[event];
        queueMicrotask(() => (answer ? ack(null, answer(payload)) : ack(new Error('operation has timed out'))));
      },
    };
  }

  /** How many handlers listen to `event` now. */
  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** Delivers an event as if the server had sent it. */
  serverEmit(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

const created: FakeSocket[] = [];

export const fakeIo = vi.fn((options?: { auth?: unknown }) => {
  const socket = new FakeSocket(options);
  created.push(socket);
  return socket;
});

/** The most recently connected fake socket (for `role`, when given: its handshake auth.role). */
export function lastFakeSocket(role?: string): FakeSocket {
  const matching = role ? created.filter((s) => (s.auth as { role?: string } | undefined)?.role === role) : created;
  const socket = matching.at(-1);
  if (!socket) throw new Error('No socket was opened');
  return socket;
}

/** One socket that every `io()` answers and that stays connected unless a test says otherwise. */
class SharedFakeSocket extends FakeSocket {
  override disconnect() {
    return this;
  }

  /** Back to a fresh connection: call it before each test. */
  reset() {
    this.removeAllListeners();
    this.connected = true;
    this.emitted = [];
    this.answer = {};
    this.emit.mockClear();
  }
}

export const sharedSocket = new SharedFakeSocket();

/** `vi.mock('socket.io-client', async () => ({ io: (await import('…/test/fake-socket')).sharedIo }))` */
export const sharedIo = vi.fn(() => sharedSocket);
