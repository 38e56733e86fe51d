import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PeerCallMode, PeerOverview } from '@parley/domain/peer';
import { countdownText } from '../../../shared/call/call-time';
import { isApiError } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { useNow } from '../../../shared/lib/use-now';
import { useJoinQueue } from '../api/join-queue';
import { useLeaveQueue } from '../api/leave-queue';
import { peerPaths } from '../lib/peer-paths';

const REFUSAL_ID = 'practise-refusal';

/**
 * "Practise now" with a video or audio-only choice, off with the server's reason when refused;
 * while queued, how long the wait has been and Cancel. The match itself arrives over the socket
 * (the dashboard follows peer:matched); a partner found at once opens the call straight away.
 */
export function PractiseNow({ overview }: { overview: PeerOverview }) {
  const navigate = useNavigate();
  const joinQueue = useJoinQueue();
  const [mode, setMode] = useState<PeerCallMode>('video');
  const [refusal, setRefusal] = useState<string | null>(null);
  const refused = overview.refusal ?? refusal;

  // A refusal from the queue itself holds only until the overview says otherwise (minutes bought).
  useEffect(() => setRefusal(null), [overview.availableMinutes, overview.refusal]);

  // Leaving the queue replaces the waiting state (and its Cancel, which had focus) with this one: focus follows.
  const heading = useRef<HTMLHeadingElement>(null);
  const leftQueue = useRef(false);
  const queued = overview.queued !== null;
  useEffect(() => {
    if (queued || !leftQueue.current) return;
    leftQueue.current = false;
    heading.current?.focus();
  }, [queued]);

  if (overview.queued) return <Waiting since={overview.queued.since} mode={overview.queued.mode} onLeaving={(leaving) => (leftQueue.current = leaving)} />;

  const start = () => {
    if (refused !== null || joinQueue.isPending) return;
    joinQueue.mutate(mode, {
      onSuccess: (answer) => {
        if (answer.matchedCallId) void navigate(peerPaths.call(answer.matchedCallId));
      },
      onError: (error) => {
        // A 4xx says why (fewer than 5 minutes, suspended, …): shown beside the button, which goes off.
        if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401) setRefusal(error.message);
        else notify.failure(error);
      },
    });
  };

  return (
    <section aria-labelledby="practise-heading" className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <div>
        <h2 id="practise-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none focus-visible:outline-2">
          Practise now
        </h2>
        <p className="text-sm text-base-content/80">We pair you with a peer who is free right now, at your level or one level apart.</p>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">How do you want to talk?</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['video', 'Video call'],
              ['audio', 'Audio only'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" name="peer-mode" className="radio radio-sm radio-primary" value={value} checked={mode === value} onChange={() => setMode(value)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {refused ? (
        <p id={REFUSAL_ID} className="rounded-box bg-warning/15 p-3 text-sm">
          {refused}
        </p>
      ) : null}
      <div>
        <button type="button" className="btn btn-primary" onClick={start} aria-disabled={refused !== null || joinQueue.isPending || undefined} aria-describedby={refused ? REFUSAL_ID : undefined}>
          {joinQueue.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Practise now
        </button>
      </div>
    </section>
  );
}

/** In the queue: a clear waiting state with the time waited and Cancel. */
function Waiting({ since, mode, onLeaving }: { since: string; mode: PeerCallMode; onLeaving: (leaving: boolean) => void }) {
  const now = useNow(1000);
  const leaveQueue = useLeaveQueue();
  const heading = useRef<HTMLHeadingElement>(null);
  const waitedMs = Math.max(0, now.getTime() - new Date(since).getTime());
  // "Practise now" (which had focus) is replaced: focus goes to what is happening now.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section aria-labelledby="waiting-heading" className="flex flex-col gap-3 rounded-box border border-primary/40 bg-base-100 p-4 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="loading loading-dots loading-md text-primary" aria-hidden="true" />
        <h2 id="waiting-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none focus-visible:outline-2">
          Finding a partner…
        </h2>
      </div>
      <p role="status" className="text-sm">
        You are in the queue for {mode === 'audio' ? 'an audio-only call' : 'a video call'}. The call opens by itself when we find someone: keep this page open.
      </p>
      <p className="text-sm">
        Waiting for{' '}
        <span role="timer" aria-label="Time waited" className="font-mono font-semibold tabular-nums">
          {countdownText(Math.floor(waitedMs / 1000) * 1000)}
        </span>
      </p>
      <div>
        <button
          type="button"
          className="btn btn-outline"
          aria-disabled={leaveQueue.isPending || undefined}
          onClick={() => {
            if (leaveQueue.isPending) return;
            // Said before the request: this part is gone by the time its answer's callbacks would run.
            onLeaving(true);
            leaveQueue.mutate(undefined, {
              onError: (error) => {
                onLeaving(false);
                notify.failure(error);
              },
            });
          }}
        >
          Cancel
        </button>
      </div>
    </section>
  );
}
