import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PeerCallEnded, PeerCallInfo } from '@parley/domain/peer';
import { useAccountTimeZone } from '../../../shared/lib/account-time-zone';
import { CallLobby } from '../../../shared/call/call-lobby';
import { CallReplacedNote } from '../../../shared/call/call-replaced-note';
import { useLocalMedia } from '../../../shared/call/use-local-media';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { useSocket } from '../../../shared/lib/socket';
import { getItem } from '../../../shared/lib/storage';
import { useNow } from '../../../shared/lib/use-now';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { peerCallQueryOptions, usePeerCall } from '../api/get-peer-call';
import { usePeerOverview } from '../api/get-peer-overview';
import { peerAs } from '../lib/peer-as';
import { callHomePath } from '../lib/peer-paths';
import { usePeerEvents } from '../lib/use-peer-events';
import { CallSummary, type CallOutcome } from './call-summary';
import { PeerCallRoom } from './peer-call-room';
import { TopicCard } from './topic-card';

/** /peer-learning/call?call=<id>: the lobby, the call with a matched peer, then its summary. */
export function PeerCallPage() {
  const [params] = useSearchParams();
  const callId = params.get('call')?.trim() ?? '';
  if (!callId) {
    return (
      <div className="space-y-3">
        <h1 className="text-2xl font-bold">Peer call</h1>
        <p>This link doesn’t say which call to open. Start a call from your peer dashboard.</p>
        <Link to={callHomePath()} className="link link-primary">
          Go to the peer dashboard
        </Link>
      </div>
    );
  }
  return <PeerCallLoader callId={callId} />;
}

function PeerCallLoader({ callId }: { callId: string }) {
  const call = usePeerCall(callId);
  // A failed refresh keeps the call on screen: it must not drop.
  if (call.data) return <PeerCall info={call.data} />;
  if (call.isPending) {
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">Loading your call</span>
        <div className="skeleton h-8 w-64" />
        <div className="skeleton aspect-video w-full max-w-3xl" />
      </div>
    );
  }
  if (isApiError(call.error) && (call.error.status === 403 || call.error.status === 404)) {
    return (
      <div className="max-w-xl space-y-4">
        <h1 className="text-2xl font-bold">You can’t open this call</h1>
        <p role="alert">{call.error.message}</p>
        <Link to={callHomePath()} className="link link-primary">
          Back to the peer dashboard
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Peer call</h1>
      <RetryAlert message={errorMessage(call.error)} onRetry={() => void call.refetch()} retrying={call.isFetching} className="text-base-content" />
    </div>
  );
}

type Started = { startedAt: string; endsAt: string };

function PeerCall({ info }: { info: PeerCallInfo }) {
  const socket = useSocket(peerAs());
  const queryClient = useQueryClient();
  const overview = usePeerOverview();
  const now = useNow(1000);
  const timeZone = useAccountTimeZone();
  // replaced: this person joined the call from another tab or window, which took it over.
  const [phase, setPhase] = useState<'lobby' | 'call' | 'replaced'>('lobby');
  const [ended, setEnded] = useState<PeerCallEnded | null>(null);
  const [started, setStarted] = useState<Started | null>(info.startedAt && info.endsAt ? { startedAt: info.startedAt, endsAt: info.endsAt } : null);
  const heading = useRef<HTMLHeadingElement>(null);
  const finished = ended !== null || info.status === 'ended';
  const replaced = phase === 'replaced';
  // Replaced, the camera and microphone are released: the other tab has the call.
  const media = useLocalMedia(!finished && !replaced, { audioOnly: info.mode === 'audio' });

  const onStarted = useCallback((next: Started) => setStarted((current) => (current?.startedAt === next.startedAt && current.endsAt === next.endsAt ? current : next)), []);
  usePeerEvents(socket, {
    onStarted: (event) => {
      if (event.callId === info.callId) onStarted({ startedAt: event.startedAt, endsAt: event.endsAt });
    },
    onEnded: (event) => {
      if (event.callId === info.callId) setEnded(event);
    },
  });
  const onReplaced = useCallback(() => setPhase('replaced'), []);
  const refreshCall = () => void queryClient.invalidateQueries({ queryKey: peerCallQueryOptions(info.callId).queryKey });

  // Joining replaces the lobby (and the Join button that had focus), and back: focus goes to the
  // heading. A call taken over by another tab was not left by the person: its note takes focus.
  const shownPhase = useRef(phase);
  useEffect(() => {
    if (phase !== shownPhase.current && phase !== 'replaced') heading.current?.focus();
    shownPhase.current = phase;
  }, [phase]);

  const outcome: CallOutcome | null = ended
    ? { reason: ended.reason, durationSeconds: ended.durationSeconds, chargedMinutes: ended.chargedMinutes, remainingMinutes: ended.remainingMinutes }
    : info.status === 'ended'
      ? {
          reason: info.endReason ?? 'hangup',
          durationSeconds: info.durationSeconds ?? 0,
          chargedMinutes: info.chargedMinutes ?? 0,
          remainingMinutes: overview.data?.availableMinutes ?? null,
        }
      : null;

  return (
    <div className="space-y-4">
      <header>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none focus-visible:outline-2">
          {info.mode === 'audio' ? 'Audio call' : 'Video call'} with {info.partner.name}
        </h1>
        <p className="mt-1 text-sm text-base-content/80">
          Level {info.partner.level} · first language {info.partner.firstLanguage} · This call is not recorded.
        </p>
        <PartnerAbout partner={info.partner} />
      </header>

      {outcome ? (
        <CallSummary callId={info.callId} partnerName={info.partner.name} outcome={outcome} alreadyReported={info.reported} myRating={info.myRating} />
      ) : phase === 'call' && socket ? (
        // Joining here again after being replaced: the room sends the tracks it starts with.
        media.status === 'ready' ? (
          <PeerCallRoom
            info={info}
            socket={socket}
            media={media}
            now={now}
            timeZone={timeZone}
            userId={getItem('USER')?._id ?? null}
            started={started}
            onStarted={onStarted}
            onEnded={setEnded}
            onReported={refreshCall}
            onBackToLobby={() => setPhase('lobby')}
            onReplaced={onReplaced}
            aside={<TopicCard topic={info.topic} />}
          />
        ) : (
          <p role="status">{info.mode === 'audio' ? 'Starting your microphone…' : 'Starting your camera…'}</p>
        )
      ) : replaced ? (
        <CallReplacedNote
          message="You joined this call in another tab or window."
          canJoin={socket !== null}
          onJoinHere={() => setPhase('call')}
          back={{ to: callHomePath(), label: 'Back to the dashboard' }}
        />
      ) : (
        // Laid out by its own width: beside the lobby only when both have room.
        <div className="@container">
          <div className="grid grid-cols-1 gap-4 @5xl:grid-cols-[minmax(0,1fr)_18rem]">
            <div className="min-w-0">
              <p id="peer-lobby-note" className="mb-3 text-sm">
                {!socket
                  ? 'Connecting…'
                  : started
                    ? `Your call with ${info.partner.name} has started and its clock is running. Join to go back in.`
                    : `${info.partner.name} is joining too. The call’s clock starts when you are both in.`}
              </p>
              <CallLobby
                media={media}
                canJoin={socket !== null}
                noteId="peer-lobby-note"
                onJoin={() => setPhase('call')}
                joinLabel="Join call"
                back={{ to: callHomePath(), label: 'Back to the dashboard' }}
                audioOnly={info.mode === 'audio'}
              />
            </div>
            <TopicCard topic={info.topic} />
          </div>
        </div>
      )}
    </div>
  );
}

/** What else the partner's profile says, as far as they said it: something to talk about, and when to practise again. */
function PartnerAbout({ partner }: { partner: PeerCallInfo['partner'] }) {
  const parts = [
    partner.languages.length ? `Also speaks ${partner.languages.join(', ')}` : null,
    partner.interests.length ? `Enjoys ${partner.interests.join(', ')}` : null,
    partner.availability.trim() ? `Likes to practise: ${partner.availability.trim()}` : null,
  ].filter((part) => part !== null);
  if (!parts.length) return null;
  return (
    <p className="mt-1 text-sm text-base-content/80 wrap-anywhere" data-testid="partner-about">
      {parts.join(' · ')}
    </p>
  );
}
