import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatSocket } from '../lib/socket';
import {
  hangUpCall,
  joinCall,
  leaveCall,
  listenToCall,
  mergeCallMessages,
  sendCallMessage,
  sendCallSignal,
  type CallJoined,
  type CallKey,
  type CallMessage,
  type CallTransport,
} from './call-transport';
import { createPeerSession, type PeerSession, type PeerState } from './peer-session';

/** How long to wait before asking to join again when the server did not answer. */
const JOIN_RETRY_MS = 3_000;

/** Whether a side's microphone and camera are on. */
export type MediaState = { mic: boolean; camera: boolean };

/** Until the other side says otherwise, its microphone and camera count as on. */
const MEDIA_ON: MediaState = { mic: true, camera: true };

/** The `from` of a media-state signal; it never reaches the peer session, which pairs connections by `from`. */
const MEDIA_SIGNAL_FROM = 'media';

/**
 * Where this side stands with the server: joining (or rejoining after a drop), in, refused, or
 * replaced (the same person joined the call from another tab or window: the call stopped here).
 */
export type JoinState = { state: 'joining' } | { state: 'joined' } | { state: 'refused'; message: string } | { state: 'unreachable' } | { state: 'replaced' };

type RoomOptions<K extends CallKey, M extends CallMessage, J extends CallJoined<M>, H> = {
  socket: ChatSocket;
  /** The call's events (meeting:* for a class, peer:* for a peer call). */
  transport: CallTransport<K, M, J, H>;
  /** The call's id, sent under the transport's key. */
  callId: string;
  /** The side that yields when both send an offer at once (the learner in a class). */
  polite: boolean;
  iceServers: RTCIceServer[];
  /** The camera and microphone from the lobby (null: joined without them). */
  stream: MediaStream | null;
  /** Whether this side's microphone and camera are on: the other side is told (a shared screen counts as a camera on). */
  sending: MediaState;
};

/**
 * A 1:1 call once joined: joins over the socket (again after every reconnect), runs the peer
 * session over the transport's signal events, follows the other side's presence, keeps the
 * chat, tells each side whether the other's microphone and camera are on (`remoteMedia`), and
 * shares the screen in place of the camera. Unmounting leaves and closes everything; told that
 * this person joined the call elsewhere (a transport with `replaced`), it closes everything
 * without leaving. `joined` is the latest join answer (a peer call's carries its start and end).
 */
export function useCallRoom<K extends CallKey, M extends CallMessage, J extends CallJoined<M>, H = never>({ socket, transport, callId, polite, iceServers, stream, sending }: RoomOptions<K, M, J, H>) {
  const [join, setJoin] = useState<JoinState>({ state: 'joining' });
  const [joined, setJoined] = useState<J | null>(null);
  const [peerPresent, setPeerPresent] = useState(false);
  const [peerState, setPeerState] = useState<PeerState>('waiting');
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [messages, setMessages] = useState<M[]>([]);
  const [screenTrack, setScreenTrack] = useState<MediaStreamTrack | null>(null);
  const [remoteMedia, setRemoteMedia] = useState<MediaState>(MEDIA_ON);
  const sessionRef = useRef<PeerSession | null>(null);
  const screenRef = useRef<MediaStreamTrack | null>(null);
  const leftRef = useRef(false);
  // Read when the room starts; a refetched call info must not restart the call.
  const startRef = useRef({ iceServers, stream, transport });
  useEffect(() => {
    startRef.current.stream = stream;
  }, [stream]);
  const sendingRef = useRef(sending);
  const tellMedia = useCallback(() => sendCallSignal(socket, startRef.current.transport, callId, { from: MEDIA_SIGNAL_FROM, media: sendingRef.current }), [socket, callId]);
  const cameraSent = sending.camera || screenTrack !== null;
  // A change is told at once; the other side hears the state again whenever it (re)joins.
  useEffect(() => {
    sendingRef.current = { mic: sending.mic, camera: cameraSent };
    if (peerPresent) tellMedia();
  }, [sending.mic, cameraSent, peerPresent, tellMedia]);

  const cameraTrack = useCallback(() => startRef.current.stream?.getVideoTracks()[0] ?? null, []);

  useEffect(() => {
    let active = true;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    /** Presence events heard so far: one heard while a join was on its way is newer than its answer. */
    let peerEvents = 0;
    leftRef.current = false;
    const { transport: calls } = startRef.current;
    const session = createPeerSession({
      polite,
      iceServers: startRef.current.iceServers,
      send: (signal) => sendCallSignal(socket, calls, callId, signal),
      onRemoteStream: (remote) => {
        if (active) setRemoteStream(remote);
      },
      onStateChange: (state) => {
        if (active) setPeerState(state);
      },
      onError: (error) => console.warn('Call connection step failed', error),
      onStalled: () => console.warn('Call connection did not connect in time; starting afresh'),
    });
    sessionRef.current = session;
    void session.setOutgoing('audio', startRef.current.stream?.getAudioTracks()[0] ?? null);
    void session.setOutgoing('video', screenRef.current ?? cameraTrack());

    const joinNow = async () => {
      const peerEventsBefore = peerEvents;
      // A rejoin after a drop keeps the call on screen (the media may still be flowing).
      setJoin((current) => (current.state === 'joined' || current.state === 'refused' ? current : { state: 'joining' }));
      try {
        const result = await joinCall(socket, calls, callId);
        if (!active) return;
        if (!result.ok) {
          setJoin({ state: 'refused', message: result.message });
          session.peerLeft();
          return;
        }
        setJoin({ state: 'joined' });
        setJoined(result.data);
        setMessages((list) => mergeCallMessages(list, result.data.messages));
        // The other side joined (or left) while this join was on its way: that event already
        // connected (or closed), and acting on the answer's older view would undo it.
        if (peerEvents !== peerEventsBefore) return;
        setPeerPresent(result.data.present);
        // A (re)join always negotiates afresh: the other side starts a new connection too.
        if (result.data.present) {
          session.connect();
          tellMedia();
        } else {
          session.peerLeft();
          setRemoteMedia(MEDIA_ON);
        }
      } catch {
        // The socket is down (the next connect event joins again) or the server did not answer.
        if (!active) return;
        setJoin({ state: 'unreachable' });
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => {
          if (active && socket.connected) void joinNow();
        }, JOIN_RETRY_MS);
      }
    };

    const onConnect = () => void joinNow();
    const stopListening = listenToCall(socket, calls, callId, {
      presence: (present) => {
        peerEvents += 1;
        setPeerPresent(present);
        // The other side just joined and offers once its join is answered: answer that offer
        // instead of crossing it with one of ours.
        if (present) {
          session.connect({ waitForOffer: true });
          tellMedia();
        } else {
          session.peerLeft();
          setRemoteMedia(MEDIA_ON);
        }
      },
      signal: (signal) => {
        if (signal.media) setRemoteMedia(signal.media);
        else void session.handleSignal(signal);
      },
      message: (message) => setMessages((list) => mergeCallMessages(list, [message])),
      // The server already took this connection out of the call: it stops here, and neither
      // rejoins (that would take the call back from the other tab) nor leaves.
      replaced: () => {
        leftRef.current = true;
        stop();
        setPeerPresent(false);
        setRemoteStream(null);
        setRemoteMedia(MEDIA_ON);
        setJoin({ state: 'replaced' });
      },
    });
    socket.on('connect', onConnect);
    if (socket.connected) void joinNow();

    function stop() {
      active = false;
      clearTimeout(retryTimer);
      socket.off('connect', onConnect);
      stopListening();
      session.close();
      sessionRef.current = null;
    }

    return () => {
      stop();
      if (!leftRef.current) leaveCall(socket, calls, callId);
    };
  }, [socket, callId, polite, cameraTrack, tellMedia]);

  // The shared screen stops with the room.
  useEffect(
    () => () => {
      screenRef.current?.stop();
      screenRef.current = null;
    },
    [],
  );

  const stopSharing = useCallback(() => {
    const track = screenRef.current;
    if (!track) return;
    screenRef.current = null;
    track.stop();
    setScreenTrack(null);
    void sessionRef.current?.setOutgoing('video', cameraTrack());
  }, [cameraTrack]);

  /** Shares a screen, window or tab in place of the camera; resolves to an error text, or null. */
  const startSharing = useCallback(async (): Promise<string | null> => {
    const mediaDevices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!mediaDevices?.getDisplayMedia) return 'This browser can’t share the screen.';
    let display: MediaStream;
    try {
      display = await mediaDevices.getDisplayMedia({ video: true, audio: false });
    } catch (error) {
      // Closing the browser's picker is a choice, not a failure.
      if (error instanceof Error && error.name === 'NotAllowedError') return null;
      return 'Screen sharing could not start. Try again.';
    }
    const track = display.getVideoTracks()[0];
    if (!track) return 'Screen sharing could not start. Try again.';
    screenRef.current?.stop();
    screenRef.current = track;
    // The browser's own "Stop sharing" ends the track: back to the camera.
    track.addEventListener('ended', () => {
      if (screenRef.current === track) stopSharing();
    });
    setScreenTrack(track);
    void sessionRef.current?.setOutgoing('video', track);
    return null;
  }, [stopSharing]);

  const send = useCallback(
    async (text: string): Promise<M> => {
      const stored = await sendCallMessage(socket, startRef.current.transport, callId, text);
      setMessages((list) => mergeCallMessages(list, [stored]));
      return stored;
    },
    [socket, callId],
  );

  /** Leaves the call's page now (before navigating away); the call itself may go on. */
  const leave = useCallback(() => {
    leftRef.current = true;
    leaveCall(socket, startRef.current.transport, callId);
  }, [socket, callId]);

  /** Ends the call for both sides (the transport's hang-up); rejects when the socket is down. */
  const hangup = useCallback(() => {
    leftRef.current = true;
    return hangUpCall(socket, startRef.current.transport, callId);
  }, [socket, callId]);

  return { join, joined, peerPresent, peerState, remoteStream, remoteMedia, messages, screenTrack, startSharing, stopSharing, send, leave, hangup };
}
