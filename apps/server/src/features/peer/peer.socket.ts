import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { meetingMessagePayload, relayedSignalSchema } from '@parley/domain/live-sessions';
import type { AppContext } from '../../context';
import { AppError } from '../../http/app-error';
import { handleLive, spendMessage, type RealtimeSocket } from '../../realtime/socket';
import * as peer from './peer.service';

const callIdSchema = z.uuid();
const signalPayload = z.object({
  callId: callIdSchema,
  signal: relayedSignalSchema,
});
const messagePayload = meetingMessagePayload.extend({ callId: callIdSchema });

const callIdOf = (payload: unknown): string => {
  const parsed = z.object({ callId: callIdSchema }).safeParse(payload);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'callId must be a call id.');
  return parsed.data.callId;
};

const joinFirst = 'Join the call first.';

/**
 * A peer call's socket events: join (records presence; the call starts when both sides are in),
 * WebRTC signalling relayed to the other side only and never stored, the in-call chat, leave
 * (the page closed; the call goes on for the reconnect grace), and hang-up. A dropped connection
 * leaves like `peer:leave`. Every event checks again that the caller is in the call and that it
 * is not over. A person has one connection per call: joining again (another tab or window)
 * takes their older connection out of the call, on whichever node it is, and tells it
 * `peer:replaced`.
 *
 * This node refreshes the presence of its connections in calls every PRESENCE_BEAT_MS, so a
 * node killed mid-call leaves presence that stops being refreshed: the sweep counts it as gone
 * since its last refresh. `settle` waits for the writes of sockets that are closing.
 */
export function peerSocketHandlers(ctx: AppContext, log: FastifyBaseLogger) {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const done = work
      .catch((error: unknown) => log.error({ err: error }, 'a peer call presence write failed'))
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  /** This node's connections that are in at least one call: what the beat refreshes. */
  const inCalls = new Set<string>();
  const beat = setInterval(() => {
    if (inCalls.size) track(peer.beatPresence(ctx, [...inCalls]));
  }, peer.PRESENCE_BEAT_MS);
  beat.unref();

  /** Tells the other side this side is gone, once its last connection has left. */
  async function leftCall(socket: RealtimeSocket, callId: string, side: peer.CallSide) {
    if (await peer.sideLeft(ctx, callId, side)) socket.nsp.to(peer.peerSideChannel(callId, peer.otherSide(side))).emit('peer:presence', { callId, present: false });
  }

  /**
   * Takes a connection out of a call (it may be on another node): it leaves the call's channels,
   * so it no longer gets or relays signals, and its presence closes. The side stays present
   * through the connection that replaced it, so nobody is told it left.
   */
  async function takeOut(replaced: { id: string; leave: (channel: string) => void }, callId: string, side: peer.CallSide) {
    replaced.leave(peer.peerCallChannel(callId));
    replaced.leave(peer.peerSideChannel(callId, side));
    await peer.closePresence(ctx, replaced.id, callId);
  }

  function attach(socket: RealtimeSocket) {
    const auth = socket.data.auth;
    /** The calls this connection is in, and on which side. */
    const joined = new Map<string, peer.CallSide>();
    const forget = (callId: string) => {
      joined.delete(callId);
      if (!joined.size) inCalls.delete(socket.id);
    };
    /**
     * This connection's side in a call while it is still in it. A newer connection of the same
     * person takes it out of the call's channel, possibly from another node: then the call is
     * forgotten here too.
     */
    const sideIn = (callId: string) => {
      if (socket.rooms.has(peer.peerCallChannel(callId))) return joined.get(callId);
      forget(callId);
      return undefined;
    };

    async function leave(callId: string, side: peer.CallSide) {
      forget(callId);
      await Promise.all([socket.leave(peer.peerCallChannel(callId)), socket.leave(peer.peerSideChannel(callId, side))]);
      await peer.closePresence(ctx, socket.id, callId);
      await leftCall(socket, callId, side);
    }

    socket.on('peer:join', (payload, ack) =>
      track(
        handleLive(ctx, socket, ack, async () => {
          const callId = callIdOf(payload);
          const { mine, theirs } = await peer.admitToCall(ctx, auth, callId);
          const side = mine.side;
          // In the channel before the presence is recorded: another node's join then sees this
          // connection as live and never clears its presence as gone.
          await Promise.all([socket.join(peer.peerCallChannel(callId)), socket.join(peer.peerSideChannel(callId, side))]);
          joined.set(callId, side);
          inCalls.add(socket.id);
          try {
            const inCall = await socket.nsp.in(peer.peerCallChannel(callId)).fetchSockets();
            const started = await peer.openPresence(ctx, auth, { callId, side, connectionId: socket.id, liveConnectionIds: inCall.map((s) => s.id) });
            if (socket.disconnected) {
              // Dropped while joining: its disconnect already ran, so undo the presence just recorded.
              await peer.closePresence(ctx, socket.id, callId);
              throw new AppError('CONFLICT', 'The connection dropped while joining.');
            }
            // Replaced once this presence is open and the join held: the side never looks gone
            // in between, and a join that fails leaves the older connection in the call.
            const replaced = peer.replacedConnections({ id: socket.id, auth }, inCall);
            await Promise.all(replaced.map((s) => takeOut(s, callId, side)));
            for (const s of replaced) s.emit('peer:replaced', { callId });
            socket.to(peer.peerSideChannel(callId, peer.otherSide(side))).emit('peer:presence', { callId, present: true });
            const partnerPresent = inCall.some((s) => s.data.auth.userId === theirs.userId);
            return { partnerPresent, ...started, messages: await peer.recentMessages(ctx, callId) };
          } catch (error) {
            forget(callId);
            await Promise.all([socket.leave(peer.peerCallChannel(callId)), socket.leave(peer.peerSideChannel(callId, side))]);
            throw error;
          }
        }),
      ),
    );

    // Signals are relayed one at a time, in the order they came: each waits on the database, and
    // an offer overtaken by its own candidates (or by the next offer) would break the call.
    let signals: Promise<void> = Promise.resolve();
    socket.on('peer:signal', (payload) => {
      signals = signals.then(() =>
        handleLive(ctx, socket, undefined, async () => {
          const parsed = signalPayload.safeParse(payload);
          if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'That call signal is not valid.');
          const { callId, signal } = parsed.data;
          const side = sideIn(callId);
          if (!side) throw new AppError('FORBIDDEN', joinFirst);
          await peer.admitToCall(ctx, auth, callId);
          // Replaced while the database answered: nothing more goes out from this connection.
          if (sideIn(callId)) socket.to(peer.peerSideChannel(callId, peer.otherSide(side))).emit('peer:signal', { callId, signal });
        }),
      );
      track(signals);
    });

    socket.on('peer:message', (payload, ack) =>
      track(
        handleLive(ctx, socket, ack, async () => {
          const parsed = messagePayload.safeParse(payload);
          if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid message');
          if (!sideIn(parsed.data.callId)) throw new AppError('FORBIDDEN', joinFirst);
          spendMessage(socket);
          return peer.sendMessage(ctx, auth, parsed.data.callId, parsed.data.message);
        }),
      ),
    );

    socket.on('peer:leave', (payload) =>
      track(
        handleLive(ctx, socket, undefined, async () => {
          const callId = callIdOf(payload);
          const side = sideIn(callId);
          if (side) await leave(callId, side);
        }),
      ),
    );

    socket.on('peer:hangup', (payload, ack) =>
      track(
        handleLive(ctx, socket, ack, async () => {
          const callId = callIdOf(payload);
          return peer.hangUp(ctx, auth, callId);
        }),
      ),
    );

    // Not through handleLive: a connection whose sign-in ended still leaves its calls.
    socket.on('disconnect', () =>
      track(
        (async () => {
          const sides = new Map(joined);
          joined.clear();
          inCalls.delete(socket.id);
          for (const closed of await peer.closePresence(ctx, socket.id)) sides.set(closed.callId, closed.side);
          await Promise.all([...sides].map(([callId, side]) => leftCall(socket, callId, side)));
        })(),
      ),
    );
  }

  return {
    attach,
    async settle() {
      clearInterval(beat);
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
