import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@parley/domain/chat';

type Emit = <E extends keyof ServerToClientEvents>(targets: string[], event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;

/**
 * How services push realtime events without knowing socket.io: the socket server attaches
 * itself once it is up. With the Redis adapter the emit reaches every node.
 */
export type Publisher = {
  emit: Emit;
  /** Closes every socket of a session, on every node (the Redis adapter carries it). */
  disconnectSession(sessionId: string): void;
  /**
   * The ids of the connections in any of these channels, on every node (asked through the Redis
   * adapter; it throws when a node does not answer in time). Null before the socket server is up.
   */
  liveConnections(channels: string[]): Promise<string[] | null>;
  attach(io: Server<ClientToServerEvents, ServerToClientEvents>): void;
};

export function createPublisher(): Publisher {
  let server: Server<ClientToServerEvents, ServerToClientEvents> | undefined;
  return {
    attach(io) {
      server = io;
    },
    emit(targets, event, ...args) {
      if (!server || !targets.length) return;
      server.to(targets).emit(event, ...args);
    },
    disconnectSession(sessionId) {
      server?.in(sessionChannel(sessionId)).disconnectSockets(true);
    },
    async liveConnections(channels) {
      if (!server) return null;
      if (!channels.length) return [];
      return (await server.in(channels).fetchSockets()).map((socket) => socket.id);
    },
  };
}

export const roomChannel = (roomId: string) => `room:${roomId}`;
export const userChannel = (userId: string) => `user:${userId}`;
export const sessionChannel = (sessionId: string) => `session:${sessionId}`;
