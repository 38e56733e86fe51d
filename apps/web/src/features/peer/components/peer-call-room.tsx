import { useEffect, useState, type ReactNode } from 'react';
import { PEER_RECONNECT_GRACE_SECONDS, type PeerCallEnded, type PeerCallInfo, type PeerCallMessage } from '@parley/domain/peer';
import { AudioTile } from '../../../shared/call/audio-tile';
import { CallChat, useUnreadCallMessages } from '../../../shared/call/call-chat';
import { countdownText, countdownWords } from '../../../shared/call/call-time';
import { ControlButton } from '../../../shared/call/control-button';
import type { PeerState } from '../../../shared/call/peer-session';
import { useCallRoom, type JoinState, type MediaState } from '../../../shared/call/use-call-room';
import type { LocalMedia } from '../../../shared/call/use-local-media';
import { VideoTile } from '../../../shared/call/video-tile';
import { errorMessage } from '../../../shared/lib/http';
import { useSocketConnected, type ChatSocket } from '../../../shared/lib/socket';
import { notify } from '../../../shared/lib/toast';
import { Modal } from '../../../shared/ui/modal';
import { peerCallTransport } from '../api/peer-call-transport';
import { ReportDialog } from './report-dialog';

type PeerCallRoomProps = {
  info: PeerCallInfo;
  socket: ChatSocket;
  media: LocalMedia;
  now: Date;
  timeZone: string;
  /** This person's id (to mark their own chat messages; null: learnt from the first one sent). */
  userId: string | null;
  /** When the server started the call and when it ends itself (null: not both in yet). */
  started: { startedAt: string; endsAt: string } | null;
  onStarted: (started: { startedAt: string; endsAt: string }) => void;
  onEnded: (ended: PeerCallEnded) => void;
  /** A report sent from the call (it ends the call on the server). */
  onReported: () => void;
  onBackToLobby: () => void;
  /** This person joined the call from another tab or window: the call stopped here. */
  onReplaced: () => void;
  /** Shown beside the call, under the chat (the topic card). */
  aside?: ReactNode;
};

const CHAT_ID = 'peer-call-chat';

type PartnerSeen = { present: boolean; state: PeerState; hasVideo: boolean; media: MediaState };

function partnerStatus(name: string, join: JoinState, started: boolean, partner: PartnerSeen, audioOnly: boolean): string | null {
  const { present, state, hasVideo, media: partnerMedia } = partner;
  if (join.state === 'joining' || join.state === 'unreachable') return 'Joining the call…';
  // Gone once the call has started: the server ends it after the grace (the time away is not charged).
  if (!present && started) return `${name} left the call or lost the connection. The call ends if they are not back within ${PEER_RECONNECT_GRACE_SECONDS} seconds.`;
  if (!present || state === 'waiting') return `Waiting for ${name}…`;
  if (state === 'connecting') return `Connecting to ${name}…`;
  if (state === 'reconnecting') return `Connection to ${name} lost. Reconnecting…`;
  if (audioOnly) return partnerMedia.mic ? null : `${name} is muted.`;
  if (!hasVideo) return `${name} has no video.`;
  return partnerMedia.camera ? null : `${name} turned the camera off.`;
}

const wideScreen = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 1024px)').matches;

/** In the call: the partner (video or their picture), this side small, controls, timer, chat. */
export function PeerCallRoom({ info, socket, media, now, timeZone, userId, started, onStarted, onEnded, onReported, onBackToLobby, onReplaced, aside }: PeerCallRoomProps) {
  const audioOnly = info.mode === 'audio';
  const audioTrack = media.stream?.getAudioTracks()[0] ?? null;
  const cameraTrack = media.stream?.getVideoTracks()[0] ?? null;
  const room = useCallRoom({
    socket,
    transport: peerCallTransport,
    callId: info.callId,
    polite: info.polite,
    iceServers: info.iceServers,
    stream: media.stream,
    sending: { mic: media.micOn && audioTrack !== null, camera: media.cameraOn && cameraTrack !== null },
  });
  const socketUp = useSocketConnected(socket);
  const [chatOpen, setChatOpen] = useState(wideScreen);
  const [confirmHangUp, setConfirmHangUp] = useState(false);
  const [hangingUp, setHangingUp] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [ownSenderId, setOwnSenderId] = useState<string | null>(null);
  const partner = info.partner.name;
  const replaced = room.join.state === 'replaced';
  useEffect(() => {
    if (replaced) onReplaced();
  }, [replaced, onReplaced]);

  // The join answer says when the call started, if both were already in.
  const joinedStartedAt = room.joined?.startedAt ?? null;
  const joinedEndsAt = room.joined?.endsAt ?? null;
  useEffect(() => {
    if (joinedStartedAt && joinedEndsAt) onStarted({ startedAt: joinedStartedAt, endsAt: joinedEndsAt });
  }, [joinedStartedAt, joinedEndsAt, onStarted]);

  const isMine = (message: PeerCallMessage) => message.senderId === (userId ?? ownSenderId);
  const send = async (text: string) => {
    const stored = await room.send(text);
    setOwnSenderId(stored.senderId);
  };

  const unread = useUnreadCallMessages({ messages: room.messages, history: room.joined?.messages, chatOpen, isMine });
  const latestUnread = unread.at(-1);

  const remoteHasVideo = (room.remoteStream?.getVideoTracks().length ?? 0) > 0;
  const status = partnerStatus(partner, room.join, started !== null, { present: room.peerPresent, state: room.peerState, hasVideo: remoteHasVideo, media: room.remoteMedia }, audioOnly);
  const linkNote = !socketUp ? 'Connection to Parley lost. Reconnecting…' : room.join.state === 'unreachable' ? 'Can’t reach the call. Trying again…' : '';
  const leftMs = started ? new Date(started.endsAt).getTime() - now.getTime() : null;

  const hangUp = async () => {
    setHangingUp(true);
    try {
      const result = await room.hangup();
      if (result.ok) onEnded(result.data);
      else notify.error(result.message);
    } catch (error) {
      notify.error(`The call could not be ended: ${errorMessage(error)}. Check your connection and try again.`);
    } finally {
      setHangingUp(false);
      setConfirmHangUp(false);
    }
  };

  if (room.join.state === 'refused') {
    return (
      <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-3 text-base-content">
        <h2 className="font-semibold">You can’t join this call</h2>
        <p>{room.join.message}</p>
        <button type="button" className="btn btn-sm" onClick={onBackToLobby}>
          Back to the lobby
        </button>
      </div>
    );
  }

  return (
    // Laid out by the room's own width (the learner area's menu takes part of a laptop's screen).
    <div className="@container space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">
          {started && leftMs !== null ? (
            <span role="timer" aria-label={`${countdownWords(leftMs)} left`} className="font-mono text-base tabular-nums">
              {leftMs > 0 ? `${countdownText(leftMs)} left` : 'Time is up'}
            </span>
          ) : (
            <span role="status">Waiting for {partner}…</span>
          )}
        </p>
        <p role="status" className={linkNote ? 'rounded bg-warning px-2 py-0.5 text-sm font-medium text-warning-content' : 'sr-only'}>
          {linkNote}
        </p>
      </div>

      <div className="flex flex-col gap-4 @3xl:flex-row">
        <section aria-label={audioOnly ? 'Call' : 'Video'} className="min-w-0 flex-1 space-y-3">
          {audioOnly ? (
            <AudioTile stream={room.remoteStream} label={`Audio of ${partner}`} name={partner} avatar={info.partner.avatar} overlay={status} testId="remote-audio" className="min-h-56 w-full" />
          ) : (
            // Your own picture sits in the top corner, clear of the partner's name and of what their tile says.
            <div className="@container/video relative">
              <VideoTile stream={room.remoteStream} label={`Video of ${partner}`} caption={room.remoteMedia.mic ? partner : `${partner} (muted)`} overlay={status} announce testId="remote-video" className="aspect-video w-full" />
              {/* Placed by a wrapper: the tile positions itself (relative) for its own overlay. */}
              <div className="absolute top-2 right-2 w-1/4 max-w-48 min-w-20 @md/video:top-3 @md/video:right-3">
                <VideoTile
                  stream={media.stream}
                  label="Your video"
                  caption="You"
                  own
                  mirrored
                  overlay={!cameraTrack ? 'No camera' : !media.cameraOn ? 'Your camera is off' : null}
                  testId="local-video"
                  className="aspect-video w-full shadow-lg ring-1 ring-base-100/40"
                />
              </div>
            </div>
          )}

          <div role="group" aria-label="Call controls" className="flex flex-wrap items-center gap-2">
            <ControlButton label="Mute" icon="mic" pressed={!media.micOn} off={!media.micOn} onClick={() => media.setMicOn(!media.micOn)} disabled={!audioTrack} />
            {audioOnly ? null : (
              <ControlButton label="Camera off" icon="camera" pressed={!media.cameraOn} off={!media.cameraOn} onClick={() => media.setCameraOn(!media.cameraOn)} disabled={!cameraTrack} />
            )}
            <button type="button" className={`btn btn-sm sm:btn-md ${chatOpen ? 'btn-neutral' : 'btn-outline'}`} aria-expanded={chatOpen} aria-controls={CHAT_ID} onClick={() => setChatOpen(!chatOpen)}>
              Chat
              {unread.length > 0 ? (
                <span className="badge badge-sm badge-primary" aria-hidden="true">
                  {unread.length}
                </span>
              ) : null}
            </button>
            <ControlButton label="Report" icon="flag" onClick={() => setReportOpen(true)} />
            <button type="button" className="btn btn-error btn-sm sm:btn-md ml-auto" aria-haspopup="dialog" onClick={() => setConfirmHangUp(true)}>
              Hang up
            </button>
          </div>
          {/* The page's header already says the call is not recorded. */}
          <p className="text-sm text-base-content/80">The chat is kept with the call.</p>
          <p role="status" className="sr-only">
            {latestUnread ? `New message from ${latestUnread.senderName}` : ''}
          </p>
        </section>

        <div className="space-y-4 @3xl:w-80 @3xl:shrink-0">
          <CallChat id={CHAT_ID} hidden={!chatOpen} messages={room.messages} isMine={isMine} timeZone={timeZone} onSend={send} canSend={socketUp && room.join.state === 'joined'} />
          {aside}
        </div>
      </div>

      <Modal
        open={confirmHangUp}
        onClose={() => setConfirmHangUp(false)}
        title="Hang up?"
        size="sm"
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirmHangUp(false)}>
              Stay in the call
            </button>
            <button type="button" className="btn btn-error" disabled={hangingUp} onClick={() => void hangUp()}>
              {hangingUp ? 'Hanging up…' : 'Hang up'}
            </button>
          </>
        }
      >
        <p>The call ends for you and {partner}. You pay only for the minutes you talked.</p>
      </Modal>
      <ReportDialog
        open={reportOpen}
        onClose={() => setReportOpen(false)}
        callId={info.callId}
        partnerName={partner}
        live
        onReported={() => {
          setReportOpen(false);
          onReported();
        }}
      />
    </div>
  );
}
