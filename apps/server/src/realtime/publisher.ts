import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@parley/domain/chat';

type Emit = <E extends keyof ServerToClientEvents>(targets: string[], event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;

/**
 * How services push realtime events without knowing socket.io: the socket server attaches
 * itself once it is up. With the Redis adapter the emit reaches every node.
 */
export type Publisher = {
  emit: Emit;
  /** To this node's connections only: for what every node hears of by itself (a cache invalidation over Redis). */
  emitHere: Emit;
  /** Closes every socket of a session, on every node (the Redis adapter carries it). */
  disconnectSession(sessionId: string): void;
  /**
   * The ids of the connections in any of these channels, on every node (asked through the Redis
   * adapter; it throws when a node does not answer in time). Null before the socket server is up.
   */
  liveConnections(channels: string[]): Promise<string[] | null>;
  /**
   * What this node holds for its connected sockets: the sockets, the channels socket.io keeps
   * (each socket's own id is one) and the sockets with channel memberships. All go back down as
   * sockets disconnect; a test checks that nothing outlives its socket.
   */
  localFootprint(): { sockets: number; channels: number; socketsInChannels: number };
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
    emitHere(targets, event, ...args) {
      if (!server || !targets.length) return;
      server.local.to(targets).emit(event, ...args);
    },
    disconnectSession(sessionId) {
      server?.in(sessionChannel(sessionId)).disconnectSockets(true);
    },
    async liveConnections(channels) {
      if (!server) return null;
      if (!channels.length) return [];
      return (await server.in(channels).fetchSockets()).map((socket) => socket.id);
    },
    localFootprint() {
      if (!server) return { sockets: 0, channels: 0, socketsInChannels: 0 };
      const { sockets, adapter } = server.of('/');
      return { sockets: sockets.size, channels: adapter.rooms.size, socketsInChannels: adapter.sids.size };
    },
  };
}

export const roomChannel = (roomId: string) => `room:${roomId}`;
export const userChannel = (userId: string) => `user:${userId}`;
export const sessionChannel = (sessionId: string) => `session:${sessionId}`;
export const scheduleChannel = (tutorId: string) => `schedule:${tutorId}`;
/** Learners and kids with a tutor list open: they hear when a tutor joins or leaves it (a moderator's block or unblock). */
export const tutorListChannel = 'tutors';
