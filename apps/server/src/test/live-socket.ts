import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@parley/domain/chat';
import type { TestApp, TestClient } from './harness';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Sockets of a test file's listening app, as a browser would open them: the client's cookies and
 * the role asked for. `open` resolves once the server said `connected`; `closeAll` ends them all.
 */
export function liveSockets(t: TestApp, baseUrl: () => string) {
  const opened: LiveSocket[] = [];
  return {
    async open(client: TestClient, role: string): Promise<LiveSocket> {
      const socket: LiveSocket = connect(baseUrl(), { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: t.cookieHeader(client) }, auth: { role }, forceNew: true });
      opened.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connected', () => resolve());
        socket.once('connect_error', reject);
      });
      return socket;
    },
    closeAll() {
      for (const socket of opened.splice(0)) socket.disconnect();
    },
  };
}
