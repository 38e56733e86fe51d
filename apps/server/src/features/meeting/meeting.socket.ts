import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { meetingMessagePayload, relayedSignalSchema } from '@parley/domain/live-sessions';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { handleLive, spendMessage, type RealtimeSocket } from '../../realtime/socket';
import * as meeting from './meeting.service';

const sessionIdSchema = z.uuid();
const signalPayload = z.object({
  sessionId: sessionIdSchema,
  signal: relayedSignalSchema,
});
const messagePayload = meetingMessagePayload.extend({ sessionId: sessionIdSchema });

const sessionIdOf = (payload: unknown): string => {
  const parsed = z.object({ sessionId: sessionIdSchema }).safeParse(payload);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'sessionId must be a session id.');
  return parsed.data.sessionId;
};

/**
 * The classroom's socket events: join (records presence, tells the other side), WebRTC
 * signalling relayed to the other side and never stored, the in-call chat, and leave. A
 * dropped connection leaves like `meeting:leave`; reconnecting and joining again opens a new
 * stretch. On joining, the class's live connections are asked of every node (socket.io's
 * fetchSockets, carried by the Redis adapter): stretches a crashed node left open are closed,
 * and the other side counts as present only with a live connection. A person has one connection
 * per class: joining again (another tab or window) takes their older connection out of the class,
 * on whichever node it is, and tells it `meeting:replaced`.
 *
 * `settle` waits for the presence writes of sockets that are closing, so a shutting-down
 * server records their leave before its database closes.
 */
export function meetingSocketHandlers(ctx: AppContext, log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const done = work
      .catch((error: unknown) => log.error({ err: error }, 'a class presence write failed'))
      .finally(() => pending.delete(done));
    pending.add(done);
  };

  /**
   * Tells the other side this side is gone, unless another of its connections still has a
   * stretch open. Read from the database, not asked of the nodes: a server shutting down has
   * already closed its adapter when its sockets' disconnects run.
   */
  async function announceIfGone(socket: RealtimeSocket, sessionId: string, side: meeting.MeetingSide) {
    if (await meeting.sideStillPresent(ctx, sessionId, side)) return;
    socket.nsp.to(meeting.meetingSideChannel(sessionId, meeting.otherSide(side))).emit('meeting:peer', { sessionId, present: false });
  }

  /**
   * Takes a connection out of a class (it may be on another node): it leaves the class's
   * channels, so it no longer gets or relays signals, and its stretch closes.
   */
  async function takeOut(replaced: { id: string; leave: (channel: string) => void }, sessionId: string, side: meeting.MeetingSide) {
    replaced.leave(meeting.meetingChannel(sessionId));
    replaced.leave(meeting.meetingSideChannel(sessionId, side));
    await meeting.closePresence(ctx, replaced.id, sessionId);
  }

  function attach(socket: RealtimeSocket) {
    const auth = socket.data.auth;
    /** The classes this connection is in, and on which side. */
    const joined = new Map<string, meeting.MeetingSide>();
    /**
     * This connection's side in a class while it is still in it. A newer connection of the same
     * person takes it out of the class's channel, possibly from another node: then the class is
     * forgotten here too.
     */
    const sideIn = (sessionId: string) => {
      if (socket.rooms.has(meeting.meetingChannel(sessionId))) return joined.get(sessionId);
      joined.delete(sessionId);
      return undefined;
    };

    async function leave(sessionId: string, side: meeting.MeetingSide) {
      joined.delete(sessionId);
      await Promise.all([socket.leave(meeting.meetingChannel(sessionId)), socket.leave(meeting.meetingSideChannel(sessionId, side))]);
      await meeting.closePresence(ctx, socket.id, sessionId);
      await announceIfGone(socket, sessionId, side);
    }

    socket.on('meeting:join', (payload, ack) =>
      track(
        handleLive(ctx, socket, ack, async () => {
          const sessionId = sessionIdOf(payload);
          const { side } = await meeting.admitToMeeting(ctx, auth, sessionId);
          // In the channel before the stretch opens: another node's join then sees this
          // connection as live and never closes its stretch as stale.
          await Promise.all([socket.join(meeting.meetingChannel(sessionId)), socket.join(meeting.meetingSideChannel(sessionId, side))]);
          joined.set(sessionId, side);
          const inClass = await socket.nsp.in(meeting.meetingChannel(sessionId)).fetchSockets();
          const replaced = meeting.replacedConnections({ id: socket.id, auth }, side, inClass);
          await Promise.all(replaced.map((s) => takeOut(s, sessionId, side)));
          await meeting.openPresence(ctx, auth, { sessionId, side, connectionId: socket.id, liveConnectionIds: inClass.map((s) => s.id) });
          // Told once this stretch is open: the side never looks gone in between.
          for (const s of replaced) s.emit('meeting:replaced', { sessionId });
          if (socket.disconnected) {
            // Dropped while joining: its disconnect already ran, so close the stretch just opened
            // (and, if it replaced the side's last connection, the other side hears it left).
            await meeting.closePresence(ctx, socket.id, sessionId);
            await announceIfGone(socket, sessionId, side);
            throw new AppError('CONFLICT', 'The connection dropped while joining.');
          }
          socket.to(meeting.meetingSideChannel(sessionId, meeting.otherSide(side))).emit('meeting:peer', { sessionId, present: true });
          const peerPresent = inClass.some((s) => meeting.sideOfRole(s.data.auth.role) !== side);
          return { side, peerPresent, messages: await meeting.recentMessages(ctx, sessionId) };
        }),
      ),
    );

    // Signals are relayed one at a time, in the order they came: each waits on the database, and
    // an offer overtaken by its own candidates (or by the next offer) would break the call.
    let signals: Promise<void> = Promise.resolve();
    socket.on('meeting:signal', (payload) => {
      signals = signals.then(() =>
        handleLive(ctx, socket, undefined, async () => {
          const parsed = signalPayload.safeParse(payload);
          if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'That call signal is not valid.');
          const { sessionId, signal } = parsed.data;
          const side = sideIn(sessionId);
          if (!side) throw new AppError('FORBIDDEN', meeting.meetingRefusals.joinFirst);
          await meeting.admitToMeeting(ctx, auth, sessionId);
          // Replaced while the database answered: nothing more goes out from this connection.
          if (sideIn(sessionId)) socket.to(meeting.meetingSideChannel(sessionId, meeting.otherSide(side))).emit('meeting:signal', { sessionId, signal });
        }),
      );
      track(signals);
    });

    socket.on('meeting:message', (payload, ack) =>
      track(
        handleLive(ctx, socket, ack, async () => {
          const parsed = messagePayload.safeParse(payload);
          if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid message');
          if (!sideIn(parsed.data.sessionId)) throw new AppError('FORBIDDEN', meeting.meetingRefusals.joinFirst);
          spendMessage(socket);
          return meeting.sendMeetingMessage(ctx, auth, parsed.data.sessionId, parsed.data.message);
        }),
      ),
    );

    socket.on('meeting:leave', (payload) =>
      track(
        handleLive(ctx, socket, undefined, async () => {
          const sessionId = sessionIdOf(payload);
          const side = sideIn(sessionId);
          if (side) await leave(sessionId, side);
        }),
      ),
    );

    // Not through handleLive: a connection whose sign-in ended still leaves its classes.
    socket.on('disconnect', () =>
      track(
        (async () => {
          const sides = new Map(joined);
          joined.clear();
          for (const closed of await meeting.closePresence(ctx, socket.id)) sides.set(closed.sessionId, closed.side);
          await Promise.all([...sides].map(([sessionId, side]) => announceIfGone(socket, sessionId, side)));
        })(),
      ),
    );
  }

  return {
    attach,
    async settle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
