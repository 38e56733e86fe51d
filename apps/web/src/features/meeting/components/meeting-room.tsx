import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { MeetingInfo, MeetingMessage } from '@parley/domain/live-sessions';
import { CallChat, useUnreadCallMessages } from '../../../shared/call/call-chat';
import { countdownText } from '../../../shared/call/call-time';
import { ControlButton } from '../../../shared/call/control-button';
import type { PeerState } from '../../../shared/call/peer-session';
import { useCallRoom, type JoinState } from '../../../shared/call/use-call-room';
import type { LocalMedia } from '../../../shared/call/use-local-media';
import { VideoTile } from '../../../shared/call/video-tile';
import { useSocketConnected, type ChatSocket } from '../../../shared/lib/socket';
import { meetingTransport } from '../api/meeting-transport';
import type { MeetingViewer } from '../lib/use-viewer';

type MeetingRoomProps = {
  info: MeetingInfo;
  socket: ChatSocket;
  media: LocalMedia;
  viewer: MeetingViewer;
  now: Date;
  sessionsPath: string;
  /** Back to the lobby after a refusal (joined a moment too early, say). */
  onBackToLobby: () => void;
  /** This person joined the class from another tab or window: the call stopped here. */
  onReplaced: () => void;
};

const CHAT_ID = 'meeting-chat';

/** What the other person's tile says when there is no picture of them. */
function remoteStatus(name: string, join: JoinState, peer: { present: boolean; wasHere: boolean }, peerState: PeerState, hasVideo: boolean, cameraOn: boolean): string | null {
  if (join.state === 'joining' || join.state === 'unreachable') return 'Joining the class…';
  if (!peer.present && peer.wasHere) return `${name} left the class. Waiting for them to join again…`;
  if (!peer.present || peerState === 'waiting') return `Waiting for ${name} to join…`;
  if (peerState === 'connecting') return `Connecting to ${name}…`;
  if (peerState === 'reconnecting') return `Connection to ${name} lost. Reconnecting…`;
  if (!hasVideo) return `${name} joined without video.`;
  return cameraOn ? null : `${name} turned the camera off.`;
}

/** Before the start, how long until it; then how long the class has left. */
function timerText(startAt: Date, endAt: Date, now: Date): string {
  const startsInMs = startAt.getTime() - now.getTime();
  const leftMs = endAt.getTime() - now.getTime();
  if (startsInMs > 0) return `Starts in ${countdownText(startsInMs)}`;
  return leftMs > 0 ? `${countdownText(leftMs)} left` : 'Time is up';
}

const wideScreen = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1024px)').matches;

/** In the class: the other person large, this person small, the controls, the timer and the chat. */
export function MeetingRoom({ info, socket, media, viewer, now, sessionsPath, onBackToLobby, onReplaced }: MeetingRoomProps) {
  const audioTrack = media.stream?.getAudioTracks()[0] ?? null;
  const cameraTrack = media.stream?.getVideoTracks()[0] ?? null;
  const room = useCallRoom({
    socket,
    transport: meetingTransport,
    callId: info.sessionId,
    polite: info.side === 'learner',
    iceServers: info.iceServers,
    stream: media.stream,
    sending: { mic: media.micOn && audioTrack !== null, camera: media.cameraOn && cameraTrack !== null },
  });
  const socketUp = useSocketConnected(socket);
  const navigate = useNavigate();
  const [chatOpen, setChatOpen] = useState(wideScreen);
  const [shareError, setShareError] = useState<string | null>(null);
  const [ownSenderId, setOwnSenderId] = useState<string | null>(null);
  const peerName = info.peer.name;
  const replaced = room.join.state === 'replaced';
  useEffect(() => {
    if (replaced) onReplaced();
  }, [replaced, onReplaced]);

  const isMine = (message: MeetingMessage) => message.senderId === (viewer.userId ?? ownSenderId);
  const send = async (text: string) => {
    const stored = await room.send(text);
    setOwnSenderId(stored.senderId);
  };

  const unread = useUnreadCallMessages({ messages: room.messages, history: room.joined?.messages, chatOpen, isMine });
  const latestUnread = unread.at(-1);

  const sharing = room.screenTrack !== null;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';
  const remoteHasVideo = (room.remoteStream?.getVideoTracks().length ?? 0) > 0;
  // Whether the other person was in the class while this one was: gone again, they left.
  const [peerWasHere, setPeerWasHere] = useState(false);
  if (room.peerPresent && !peerWasHere) setPeerWasHere(true);
  const status = remoteStatus(peerName, room.join, { present: room.peerPresent, wasHere: peerWasHere }, room.peerState, remoteHasVideo, room.remoteMedia.camera);
  // What the other person's microphone just did, for a screen reader (the caption's "(muted)" is not
  // announced); kept while rendering, so the change and its note arrive together. Leaving forgets it.
  const [mic, setMic] = useState({ on: room.remoteMedia.mic, note: '' });
  if (mic.on !== room.remoteMedia.mic) {
    setMic({ on: room.remoteMedia.mic, note: room.remoteMedia.mic ? `${peerName} turned the microphone on.` : `${peerName} muted the microphone.` });
  }
  const micNote = room.peerPresent ? mic.note : '';
  // The class's link to the server, apart from the video: media between the two browsers may carry on through a drop.
  const linkNote = !socketUp ? 'Connection to Parley lost. Reconnecting…' : room.join.state === 'unreachable' ? 'Can’t reach the class. Trying again…' : '';
  const ownOverlay = sharing ? null : !cameraTrack ? 'No camera' : !media.cameraOn ? 'Your camera is off' : null;

  const toggleShare = async () => {
    setShareError(null);
    if (sharing) room.stopSharing();
    else setShareError(await room.startSharing());
  };
  const leave = () => {
    room.leave();
    void navigate(sessionsPath);
  };

  if (room.join.state === 'refused') {
    return (
      <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-3">
        <h2 className="font-semibold">You can’t join this class</h2>
        <p>{room.join.message}</p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm" onClick={onBackToLobby}>
            Back to the lobby
          </button>
          <Link to={sessionsPath} className="btn btn-sm btn-ghost">
            Back to my sessions
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">
          <span role="timer" className="font-mono tabular-nums">
            {timerText(new Date(info.startAt), new Date(info.endAt), now)}
          </span>
        </p>
        <p role="status" className={linkNote ? 'text-sm font-medium text-warning-content bg-warning rounded px-2 py-0.5' : 'sr-only'}>
          {linkNote}
        </p>
      </div>

      <div className="flex flex-col gap-4 lg:flex-row">
        <section aria-label="Video" className="min-w-0 flex-1 space-y-3">
          <div className="relative">
            <VideoTile
              stream={room.remoteStream}
              label={`Video of ${peerName}`}
              caption={room.remoteMedia.mic ? peerName : `${peerName} (muted)`}
              overlay={status}
              announce
              testId="remote-video"
              className="aspect-video w-full"
            />
            <VideoTile
              stream={room.screenTrack ? screenStream(room.screenTrack) : media.stream}
              label={sharing ? 'Your shared screen' : 'Your video'}
              caption={sharing ? 'You (sharing)' : 'You'}
              own
              mirrored={!sharing}
              overlay={ownOverlay}
              testId="local-video"
              className="mt-3 aspect-video w-40 shadow-lg sm:absolute sm:right-3 sm:bottom-3 sm:mt-0 sm:w-48 lg:w-56"
            />
          </div>

          <div role="group" aria-label="Call controls" className="flex flex-wrap items-center gap-2">
            <ControlButton label="Mute" icon="mic" pressed={!media.micOn} off={!media.micOn} onClick={() => media.setMicOn(!media.micOn)} disabled={!audioTrack} />
            <ControlButton label="Camera off" icon="camera" pressed={!media.cameraOn} off={!media.cameraOn} onClick={() => media.setCameraOn(!media.cameraOn)} disabled={!cameraTrack} />
            {canShare ? <ControlButton label="Share screen" icon="screen" pressed={sharing} onClick={() => void toggleShare()} /> : null}
            <button type="button" className={`btn btn-sm sm:btn-md ${chatOpen ? 'btn-neutral' : 'btn-outline'}`} aria-expanded={chatOpen} aria-controls={CHAT_ID} onClick={() => setChatOpen(!chatOpen)}>
              Chat
              {unread.length > 0 ? (
                <span className="badge badge-sm badge-primary" aria-hidden="true">
                  {unread.length}
                </span>
              ) : null}
            </button>
            <button type="button" className="btn btn-error btn-sm sm:btn-md ml-auto" onClick={leave}>
              Leave
            </button>
          </div>
          {shareError ? (
            <p role="alert" className="text-sm text-error">
              {shareError}
            </p>
          ) : null}
          <p role="status" className="sr-only">
            {latestUnread ? `New message from ${latestUnread.senderName}` : ''}
          </p>
          <p role="status" className="sr-only">
            {micNote}
          </p>
        </section>

        <div className={chatOpen ? 'lg:w-80 lg:shrink-0' : 'hidden'}>
          <CallChat
            id={CHAT_ID}
            hidden={!chatOpen}
            messages={room.messages}
            isMine={isMine}
            timeZone={viewer.timeZone}
            onSend={send}
            canSend={socketUp && room.join.state === 'joined'}
          />
        </div>
      </div>
    </div>
  );
}

const screenStreams = new WeakMap<MediaStreamTrack, MediaStream>();
/** One stream per shared screen, so the preview is not reset on every render. */
function screenStream(track: MediaStreamTrack): MediaStream {
  let stream = screenStreams.get(track);
  if (!stream) {
    stream = new MediaStream([track]);
    screenStreams.set(track, stream);
  }
  return stream;
}
