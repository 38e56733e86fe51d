import { useCallback, useEffect, useRef, useState } from 'react';
import type { MeetingInfo, MeetingMessage } from '@parley/domain/live-sessions';
import type { ChatSocket } from '../../../shared/lib/socket';
import { joinMeeting, leaveMeeting } from '../api/join-meeting';
import { mergeMeetingMessages, sendMeetingMessage } from '../api/send-meeting-message';
import { createPeerSession, type PeerSession, type PeerState } from './peer-session';

/** How long to wait before asking to join again when the server did not answer. */
const JOIN_RETRY_MS = 3_000;

/** Where this side stands with the server: joining (or rejoining after a drop), in, or refused. */
export type JoinState = { state: 'joining' } | { state: 'joined' } | { state: 'refused'; message: string } | { state: 'unreachable' };

type RoomOptions = {
  socket: ChatSocket;
  info: MeetingInfo;
  /** The camera and microphone from the lobby (null: joined without them). */
  stream: MediaStream | null;
};

/**
 * The class once joined: joins over the socket (again after every reconnect), runs the peer
 * session (polite = learner) over meeting:signal, follows the other side's presence, keeps the
 * chat, and shares the screen in place of the camera. Unmounting leaves and closes everything.
 */
export function useMeetingRoom({ socket, info, stream }: RoomOptions) {
  const sessionId = info.sessionId;
  const polite = info.side === 'learner';
  const [join, setJoin] = useState<JoinState>({ state: 'joining' });
  const [peerPresent, setPeerPresent] = useState(false);
  const [peerState, setPeerState] = useState<PeerState>('waiting');
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [messages, setMessages] = useState<MeetingMessage[]>([]);
  const [screenTrack, setScreenTrack] = useState<MediaStreamTrack | null>(null);
  const sessionRef = useRef<PeerSession | null>(null);
  const screenRef = useRef<MediaStreamTrack | null>(null);
  const leftRef = useRef(false);
  // Read when the room starts; a refetched info must not restart the call.
  const startRef = useRef({ iceServers: info.iceServers, stream });
  useEffect(() => {
    startRef.current.stream = stream;
  }, [stream]);

  const cameraTrack = useCallback(() => startRef.current.stream?.getVideoTracks()[0] ?? null, []);

  useEffect(() => {
    let active = true;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    /** meeting:peer events heard so far: one heard while a join was on its way is newer than its answer. */
    let peerEvents = 0;
    leftRef.current = false;
    const session = createPeerSession({
      polite,
      iceServers: startRef.current.iceServers,
      send: (signal) => socket.emit('meeting:signal', { sessionId, signal }),
      onRemoteStream: (remote) => {
        if (active) setRemoteStream(remote);
      },
      onStateChange: (state) => {
        if (active) setPeerState(state);
      },
      onError: (error) => console.warn('Class connection step failed', error),
    });
    sessionRef.current = session;
    void session.setOutgoing('audio', startRef.current.stream?.getAudioTracks()[0] ?? null);
    void session.setOutgoing('video', screenRef.current ?? cameraTrack());

    const joinNow = async () => {
      const peerEventsBefore = peerEvents;
      // A rejoin after a drop keeps the call on screen (the media may still be flowing).
      setJoin((current) => (current.state === 'joined' || current.state === 'refused' ? current : { state: 'joining' }));
      try {
        const result = await joinMeeting(socket, sessionId);
        if (!active) return;
        if (!result.ok) {
          setJoin({ state: 'refused', message: result.message });
          session.peerLeft();
          return;
        }
        setJoin({ state: 'joined' });
        setMessages((list) => mergeMeetingMessages(list, result.data.messages));
        // The other side joined (or left) while this join was on its way: that event already
        // connected (or closed), and acting on the answer's older view would undo it.
        if (peerEvents !== peerEventsBefore) return;
        setPeerPresent(result.data.peerPresent);
        // A (re)join always negotiates afresh: the other side starts a new connection too.
        if (result.data.peerPresent) session.connect();
        else session.peerLeft();
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
    const onPeer = (payload: { sessionId: string; present: boolean }) => {
      if (payload.sessionId !== sessionId) return;
      peerEvents += 1;
      setPeerPresent(payload.present);
      if (payload.present) session.connect();
      else session.peerLeft();
    };
    const onSignal = (payload: { sessionId: string; signal: Parameters<PeerSession['handleSignal']>[0] }) => {
      if (payload.sessionId === sessionId) void session.handleSignal(payload.signal);
    };
    const onMessage = (message: MeetingMessage) => {
      if (message.sessionId === sessionId) setMessages((list) => mergeMeetingMessages(list, [message]));
    };
    socket.on('connect', onConnect);
    socket.on('meeting:peer', onPeer);
    socket.on('meeting:signal', onSignal);
    socket.on('meeting:message', onMessage);
    if (socket.connected) void joinNow();

    return () => {
      active = false;
      clearTimeout(retryTimer);
      socket.off('connect', onConnect);
      socket.off('meeting:peer', onPeer);
      socket.off('meeting:signal', onSignal);
      socket.off('meeting:message', onMessage);
      session.close();
      sessionRef.current = null;
      if (!leftRef.current) leaveMeeting(socket, sessionId);
    };
  }, [socket, sessionId, polite, cameraTrack]);

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
    async (text: string): Promise<MeetingMessage> => {
      const stored = await sendMeetingMessage(socket, sessionId, text);
      setMessages((list) => mergeMeetingMessages(list, [stored]));
      return stored;
    },
    [socket, sessionId],
  );

  /** Leaves the class now (before navigating away). */
  const leave = useCallback(() => {
    leftRef.current = true;
    leaveMeeting(socket, sessionId);
  }, [socket, sessionId]);

  return { join, peerPresent, peerState, remoteStream, messages, screenTrack, startSharing, stopSharing, send, leave };
}
