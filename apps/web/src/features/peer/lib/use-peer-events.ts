import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { peerCallEndedSchema, peerMatchedSchema, type PeerCallEnded, type PeerMatched } from '@parley/domain/peer';
import type { ChatSocket } from '../../../shared/lib/socket';
import { peerQueryKey } from '../api/get-peer-overview';

type PeerEventHandlers = {
  /** peer:matched — "Practise now" found a partner. */
  onMatched?: (match: PeerMatched) => void;
  /** peer:started — both sides are in: the server's clock runs until endsAt. */
  onStarted?: (started: { callId: string; startedAt: string; endsAt: string }) => void;
  /** peer:ended — the call is over, with what it cost this side. */
  onEnded?: (ended: PeerCallEnded) => void;
};

/**
 * The peer events outside the call room's own (presence, signals, chat). Each one also marks the
 * cached peer answers stale (minutes, the queue, the call's status and past calls change); after
 * a reconnect they are asked for again, for what happened while the socket was down.
 */
export function usePeerEvents(socket: ChatSocket | null, handlers: PeerEventHandlers): void {
  const queryClient = useQueryClient();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!socket) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: peerQueryKey });
    let wasConnected = socket.connected;
    const onMatched = (payload: unknown) => {
      const parsed = peerMatchedSchema.safeParse(payload);
      refresh();
      if (parsed.success) latest.current.onMatched?.(parsed.data);
    };
    const onStarted = (payload: { callId: string; startedAt: string; endsAt: string }) => {
      refresh();
      latest.current.onStarted?.(payload);
    };
    const onEnded = (payload: unknown) => {
      const parsed = peerCallEndedSchema.safeParse(payload);
      refresh();
      if (parsed.success) latest.current.onEnded?.(parsed.data);
    };
    const onConnect = () => {
      if (wasConnected) refresh();
      wasConnected = true;
    };
    socket.on('peer:matched', onMatched);
    socket.on('peer:started', onStarted);
    socket.on('peer:ended', onEnded);
    socket.on('connect', onConnect);
    return () => {
      socket.off('peer:matched', onMatched);
      socket.off('peer:started', onStarted);
      socket.off('peer:ended', onEnded);
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient]);
}
