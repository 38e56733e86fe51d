import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { attendanceNote, joinWindow } from '@parley/domain/live-sessions';
import { CallMessageList } from '../../../shared/call/call-chat';
import { CallLobby } from '../../../shared/call/call-lobby';
import { CallReplacedNote } from '../../../shared/call/call-replaced-note';
import { clockTimeFrom, countdownText } from '../../../shared/call/call-time';
import { useLocalMedia } from '../../../shared/call/use-local-media';
import { isApiError } from '../../../shared/lib/http';
import { rememberIntendedPath } from '../../../shared/lib/intended-path';
import { useSocket } from '../../../shared/lib/socket';
import { useNow } from '../../../shared/lib/use-now';
import { FullPageLoader } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { meetingQueryKey, useMeetingAccess, type MeetingAccess } from '../api/get-meeting-info';
import { useMeetingMessages } from '../api/get-meeting-messages';
import { meetingRoles, sessionsPathFor, type MeetingRole } from '../lib/meeting-access';
import { sessionTimeLabel } from '../lib/meeting-time';
import { useViewer } from '../lib/use-viewer';
import { MeetingRoom } from './meeting-room';

/** /meeting?session=<id>: the 1:1 video class of a booked session, for its learner (or kid) and its tutor. */
export function MeetingPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session')?.trim() ?? '';
  // Which sessions this browser holds, read once: signing in happens on another page.
  const roles = useMemo(() => meetingRoles(), []);
  const page = !sessionId ? (
    <NoSession />
  ) : !sessionIdSchema.safeParse(sessionId).success ? (
    <NoSession broken />
  ) : roles.length === 0 ? (
    <MeetingSignIn />
  ) : (
    <MeetingLoader sessionId={sessionId} roles={roles} />
  );
  return <div className="mx-auto w-full max-w-6xl px-4 py-6">{page}</div>;
}

const sessionIdSchema = z.uuid();

/** The link names no class, or an id that cannot be one (cut short or changed): no request is made. */
function NoSession({ broken = false }: { broken?: boolean }) {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-bold">{broken ? 'This class link isn’t right' : 'Class'}</h1>
      <p>{broken ? 'Part of the link is missing or has been changed.' : 'This link doesn’t say which class to open.'} Open your class from your sessions list.</p>
      <Link to="/" className="link link-primary">
        Go to the home page
      </Link>
    </div>
  );
}

/** Not signed in (or every sign-in has ended): log in as a learner or a tutor, then come back here. */
export function MeetingSignIn({ expired = false }: { expired?: boolean }) {
  const location = useLocation();
  const remember = () => rememberIntendedPath(`${location.pathname}${location.search}`);
  return (
    <div className="max-w-xl space-y-4">
      <h1 className="text-2xl font-bold">Log in to join your class</h1>
      <p>
        {expired ? 'Your sign-in has ended. ' : ''}Only the class’s learner and tutor can join it. Log in and you will come back to this page.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/login" onClick={remember} className="btn btn-primary">
          Log in as a learner
        </Link>
        <Link to="/teacher/login" onClick={remember} className="btn btn-outline">
          Log in as a tutor
        </Link>
      </div>
      <p className="text-sm text-base-content/70">Joining a kid’s class? Log in as the parent, then switch to the kid’s profile.</p>
    </div>
  );
}

function MeetingLoader({ sessionId, roles }: { sessionId: string; roles: MeetingRole[] }) {
  const access = useMeetingAccess(sessionId, roles, true);
  // A failed refresh (after sessions_changed) keeps the class on screen: the call must not drop.
  if (access.data) return <MeetingClass access={access.data} />;
  if (access.isPending) return <FullPageLoader label="Loading your class" />;
  const error = access.error;
  if (isApiError(error) && error.status === 401) return <MeetingSignIn expired />;
  if (isApiError(error) && (error.status === 403 || error.status === 404)) {
    return (
      <div className="max-w-xl space-y-4">
        <h1 className="text-2xl font-bold">You can’t join this class</h1>
        <p role="alert">{error.message}</p>
        <Link to="/" className="link link-primary">
          Go to the home page
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Class</h1>
      <RetryAlert message={error?.message ?? 'Could not load the class.'} onRetry={() => void access.refetch()} retrying={access.isFetching} />
    </div>
  );
}

type ClassWindow = 'open' | 'too-early' | 'ended' | 'cancelled';

/** The lobby, then the call, of one class. */
function MeetingClass({ access }: { access: MeetingAccess }) {
  const { as, info } = access;
  const viewer = useViewer(as);
  const now = useNow(1000);
  const socket = useSocket(as);
  const queryClient = useQueryClient();
  // replaced: this person joined the class from another tab or window, which took the call over.
  const [phase, setPhase] = useState<'lobby' | 'call' | 'replaced'>('lobby');
  const heading = useRef<HTMLHeadingElement>(null);

  const startAt = new Date(info.startAt);
  const endAt = new Date(info.endAt);
  // The server decides at join; the page follows the same rule on its own clock to open Join on time.
  const ownWindow = joinWindow(now, startAt, endAt);
  const timeUp = info.joinWindow === 'ended' || ownWindow === 'ended';
  const classWindow: ClassWindow = info.status === 'cancelled' ? 'cancelled' : timeUp ? 'ended' : ownWindow;
  const closed = classWindow === 'ended' || classWindow === 'cancelled';
  // The call ends at the class's end time, with no grace: the join window closes then (domain
  // joinWindow) and the server refuses the chat from then on; and when the class is cancelled,
  // whoever cancelled it. The room unmounts, which leaves the call, and the camera and microphone stop.
  const inCall = phase === 'call' && !closed;
  const endedInCall = phase === 'call' && closed;
  const replaced = phase === 'replaced';
  // Replaced, the camera and microphone are released: the other tab has the call.
  const media = useLocalMedia(!replaced && (inCall || !closed));
  const sessionsPath = sessionsPathFor(as, info.subject);
  const closedNote = useRef<HTMLParagraphElement>(null);

  // A cancellation or reschedule while waiting shows at once.
  useEffect(() => {
    if (!socket) return;
    const onChange = (payload: { sessionId: string }) => {
      if (payload.sessionId === info.sessionId) void queryClient.invalidateQueries({ queryKey: meetingQueryKey(info.sessionId) });
    };
    socket.on('sessions_changed', onChange);
    return () => {
      socket.off('sessions_changed', onChange);
    };
  }, [socket, info.sessionId, queryClient]);

  // Joining replaces the lobby (and the Join button that had focus), and back: focus goes to the
  // heading. A call taken over by another tab was not left by the person: the note takes focus.
  const shownPhase = useRef(phase);
  useEffect(() => {
    if (phase !== shownPhase.current && phase !== 'replaced') heading.current?.focus();
    shownPhase.current = phase;
  }, [phase]);
  // The call ended under the person (focus was in it): the note takes focus, so it is read out.
  useEffect(() => {
    if (endedInCall) closedNote.current?.focus();
  }, [endedInCall]);

  return (
    <div className="space-y-4">
      <header>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none focus-visible:outline-2">
          {info.subject} class with {info.peer.name}
        </h1>
        <p className="mt-1 text-sm text-base-content/70">
          {sessionTimeLabel(startAt, endAt, viewer.timeZone)} ({viewer.timeZone})
        </p>
      </header>

      {inCall && socket ? (
        // Joining here again after being replaced: the room sends the tracks it starts with.
        media.status === 'ready' ? (
          <MeetingRoom
            info={info}
            socket={socket}
            media={media}
            viewer={viewer}
            now={now}
            sessionsPath={sessionsPath}
            onBackToLobby={() => setPhase('lobby')}
            onReplaced={() => setPhase('replaced')}
          />
        ) : (
          <p role="status">Starting your camera…</p>
        )
      ) : closed ? (
        <div className="space-y-3">
          <p ref={closedNote} role="status" tabIndex={-1} className="text-lg font-medium">
            {classWindow === 'cancelled' ? 'This class was cancelled.' : 'This class has ended.'}
          </p>
          {classWindow === 'cancelled' ? <p className="text-sm">Your sessions list says who cancelled it and whether the session was given back.</p> : null}
          {/* The Past tab lists the class now; Upcoming no longer does. */}
          <Link to={`${sessionsPath}?when=past`} className="btn btn-primary">
            Back to my sessions
          </Link>
          <ClassChatRecord sessionId={info.sessionId} as={as} viewerId={viewer.userId} timeZone={viewer.timeZone} />
        </div>
      ) : replaced ? (
        <CallReplacedNote
          message="You joined this class in another tab or window."
          canJoin={socket !== null}
          onJoinHere={() => setPhase('call')}
          back={{ to: sessionsPath, label: 'Back to my sessions' }}
        />
      ) : (
        <>
          <WindowNote id="meeting-window-note" state={classWindow} opensAt={new Date(info.joinOpensAt)} now={now} timeZone={viewer.timeZone} />
          <p className="text-sm text-base-content/70">{attendanceNote(info.side, Math.round((endAt.getTime() - startAt.getTime()) / 60_000))}</p>
          <CallLobby
            media={media}
            canJoin={classWindow === 'open' && socket !== null}
            noteId="meeting-window-note"
            onJoin={() => setPhase('call')}
            joinLabel="Join class"
            back={{ to: sessionsPath, label: 'Back to my sessions' }}
          />
        </>
      )}
    </div>
  );
}

/** Whether Join works yet: "You can join now", or from when, with a live countdown. */
function WindowNote({ id, state, opensAt, now, timeZone }: { id: string; state: 'open' | 'too-early'; opensAt: Date; now: Date; timeZone: string }) {
  return (
    <div className={`alert alert-soft ${state === 'open' ? 'alert-success' : 'alert-info'} flex flex-wrap items-center justify-between gap-2`}>
      {/* The sentence is a live region (it changes once, when Join opens); the ticking countdown is not. */}
      <p id={id} role="status" className="font-medium">
        {state === 'open' ? 'You can join now.' : `You can join from ${clockTimeFrom(opensAt, now, timeZone)}`}
      </p>
      {state === 'too-early' ? (
        <p className="text-sm">
          Opens in{' '}
          <span role="timer" className="font-mono tabular-nums">
            {countdownText(opensAt.getTime() - now.getTime())}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** Once the class is over, what was said in its chat (kept with the session); nothing when nobody wrote. */
function ClassChatRecord({ sessionId, as, viewerId, timeZone }: { sessionId: string; as: MeetingRole; viewerId: string | null; timeZone: string }) {
  const messages = useMeetingMessages(sessionId, as);
  if (messages.isPending) {
    return (
      <div role="status" className="skeleton h-24 max-w-2xl">
        <span className="sr-only">Loading the class chat</span>
      </div>
    );
  }
  if (messages.isError) return <RetryAlert message={messages.error.message} onRetry={() => void messages.refetch()} retrying={messages.isFetching} className="max-w-2xl" />;
  if (messages.data.length === 0) return null;
  return (
    <section aria-labelledby="class-chat-record" className="max-w-2xl rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id="class-chat-record" className="mb-3 font-semibold">
        Class chat
      </h2>
      <CallMessageList messages={messages.data} isMine={(message) => message.senderId === viewerId} timeZone={timeZone} />
    </section>
  );
}
