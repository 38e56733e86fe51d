import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PeerCallEndReason } from '@parley/domain/peer';
import { ReportDialog } from './report-dialog';
import { StarRating } from './star-rating';
import { callHomePath } from '../lib/peer-paths';
import { durationText } from '../lib/peer-time';

const endWords: Record<PeerCallEndReason, string> = {
  hangup: 'The call was hung up.',
  minutes: 'The minutes ran out, so the call ended by itself.',
  dropped: 'The connection dropped and did not come back.',
  'no-show': 'The call never started: you did not both join in time. It cost nothing.',
  // Only the reporter is ever told this (the server tells the reported side 'hangup').
  reported: 'The call ended with your report to the moderators.',
  suspended: 'The call ended because peer practice was suspended.',
  'slot-end': 'The practice time was over, so the call ended by itself.',
};

export type CallOutcome = {
  reason: PeerCallEndReason;
  durationSeconds: number;
  chargedMinutes: number;
  /** Minutes left after the call (null while not known yet). */
  remainingMinutes: number | null;
};

type CallSummaryProps = {
  callId: string;
  partnerName: string;
  outcome: CallOutcome;
  /** The viewer has already reported this call (the server keeps one report per call and reporter). */
  alreadyReported: boolean;
  /** The stars the viewer already gave (a summary opened again), or null. */
  myRating: number | null;
};

/** After the call: how long, what it cost, what is left; rate the partner (1–5) or report them, once. */
export function CallSummary({ callId, partnerName, outcome, alreadyReported, myRating }: CallSummaryProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const [reportedHere, setReportedHere] = useState(false);
  // A call the viewer's report ended is theirs to know as reported before the call's info refreshes.
  const reported = alreadyReported || reportedHere || outcome.reason === 'reported';
  // The call (and the button that had focus) is gone: focus goes to the summary.
  useEffect(() => heading.current?.focus(), []);
  const happened = outcome.reason !== 'no-show';

  return (
    <section aria-labelledby="summary-heading" className="mx-auto max-w-xl space-y-5 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <div>
        <h2 id="summary-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold focus:outline-none focus-visible:outline-2">
          Call ended
        </h2>
        <p className="mt-1 text-sm">{endWords[outcome.reason]}</p>
      </div>
      <dl className="grid grid-cols-3 gap-3 text-center">
        <div className="flex flex-col justify-between rounded-box bg-base-200 p-3">
          <dt className="text-xs font-medium text-base-content/80">Duration</dt>
          <dd className="mt-1 font-semibold tabular-nums">{durationText(outcome.durationSeconds)}</dd>
        </div>
        <div className="flex flex-col justify-between rounded-box bg-base-200 p-3">
          <dt className="text-xs font-medium text-base-content/80">Minutes used</dt>
          <dd className="mt-1 font-semibold tabular-nums">{outcome.chargedMinutes}</dd>
        </div>
        <div className="flex flex-col justify-between rounded-box bg-base-200 p-3">
          <dt className="text-xs font-medium text-base-content/80">Minutes left</dt>
          <dd className="mt-1 font-semibold tabular-nums">{outcome.remainingMinutes ?? '…'}</dd>
        </div>
      </dl>
      {happened ? <StarRating callId={callId} partnerName={partnerName} initial={myRating} /> : null}
      <div className="flex flex-wrap items-center gap-3 border-t border-base-300 pt-4">
        <Link to={callHomePath()} className="btn btn-primary">
          Back to the dashboard
        </Link>
        {happened && !reported ? (
          <button type="button" className="btn btn-ghost btn-sm text-error" aria-haspopup="dialog" onClick={() => setReportOpen(true)}>
            Report {partnerName}
          </button>
        ) : null}
        {reported ? <p className="text-sm">You reported this call.</p> : null}
      </div>
      <ReportDialog
        open={reportOpen}
        onClose={() => setReportOpen(false)}
        callId={callId}
        partnerName={partnerName}
        live={false}
        onReported={() => {
          setReportOpen(false);
          setReportedHere(true);
        }}
      />
    </section>
  );
}
