import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { PEER_PAST_CALLS_PAGE_SIZE, type PeerPastCall } from '@parley/domain/peer';
import { useAccountTimeZone } from '../../../shared/lib/account-time-zone';
import { errorMessage } from '../../../shared/lib/http';
import { focusHomeProps, useFocusWhenClosedAndGone } from '../../../shared/lib/use-focus-hand-off';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { usePastCalls } from '../api/get-past-calls';
import { peerPaths } from '../lib/peer-paths';
import { callLengthText, dateTimeText, minutesText } from '../lib/peer-time';
import { ReportDialog } from './report-dialog';
import { StarRating } from './star-rating';
import { PageNav, useLastPageWhenPast, usePageParam, usePageTurn } from '../../../shared/ui/pager';

/** /peer-learning/calls: every call, newest first, with what it cost and the rating given (or rate it now). */
export function PeerPastCallsPage() {
  const [page, setPage] = usePageParam('page');
  const { startRef: listHeading, turn: goTo } = usePageTurn(setPage);
  const calls = usePastCalls(page);
  const timeZone = useAccountTimeZone();
  const pageCount = calls.data ? Math.max(1, Math.ceil(calls.data.total / PEER_PAST_CALLS_PAGE_SIZE)) : 1;
  useLastPageWhenPast(page, calls.data && !calls.isPlaceholderData ? pageCount : undefined, setPage);

  return (
    <div className="space-y-6">
      <PageHeader title="Past Calls" subtitle={`Your peer calls, newest first. Times are in ${timeZone}.`} />
      <h2 ref={listHeading} tabIndex={-1} className="sr-only">
        Calls, page {page} of {pageCount}
      </h2>
      {calls.isPending ? (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading your past calls</span>
          <div className="skeleton h-28 w-full" />
          <div className="skeleton h-28 w-full" />
          <div className="skeleton h-28 w-full" />
        </div>
      ) : calls.isError ? (
        <RetryAlert message={errorMessage(calls.error)} onRetry={() => void calls.refetch()} retrying={calls.isFetching} className="text-base-content" />
      ) : calls.data.total === 0 ? (
        <EmptyState
          level={3}
          title="No calls yet"
          icon="history"
          action={
            <Link to={peerPaths.dashboard} className="btn btn-primary btn-sm">
              Practise now
            </Link>
          }
        >
          Your calls appear here after they end, with how long they lasted and the minutes they used.
        </EmptyState>
      ) : (
        <>
          <ul aria-busy={calls.isPlaceholderData} className={`space-y-3 ${calls.isPlaceholderData ? 'opacity-70' : ''}`}>
            {calls.data.items.map((call) => (
              <li key={call.callId}>
                <PastCallCard call={call} timeZone={timeZone} />
              </li>
            ))}
          </ul>
          {pageCount > 1 ? (
            <PageNav page={page} pageCount={pageCount} onPage={goTo} label="Past calls: pages" loading={calls.isPlaceholderData} />
          ) : null}
        </>
      )}
    </div>
  );
}

function PastCallCard({ call, timeZone }: { call: PeerPastCall; timeZone: string }) {
  const [rating, setRating] = useState(call.myRating);
  const [reportOpen, setReportOpen] = useState(false);
  const [reportedHere, setReportedHere] = useState(false);
  const reported = call.reported || reportedHere;
  const card = useRef<HTMLElement>(null);
  // Report goes away with the report it sent: focus goes to the call's card, not the page.
  useFocusWhenClosedAndGone(reportOpen, card);
  const at = call.startedAt ?? call.endedAt;
  const happened = call.endReason !== 'no-show';
  return (
    <article ref={card} aria-labelledby={`call-${call.callId}`} {...focusHomeProps} className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={`call-${call.callId}`} className="min-w-0 font-semibold wrap-anywhere">
          {call.partnerName}
        </h3>
        <time dateTime={at} className="text-sm">
          {dateTimeText(at, timeZone)}
        </time>
      </div>
      <p className="text-sm text-base-content/80">
        {call.mode === 'audio' ? 'Audio call' : 'Video call'} · {call.topicTitle}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-base-content/80">Duration</dt>
          <dd className="font-medium tabular-nums">{callLengthText(call)}</dd>
        </div>
        <div>
          <dt className="text-base-content/80">Minutes used</dt>
          <dd className="font-medium tabular-nums">{minutesText(call.chargedMinutes)}</dd>
        </div>
        <div>
          <dt className="text-base-content/80">Your rating</dt>
          <dd className="font-medium">{rating === null ? 'Not rated' : `${rating} of 5 stars`}</dd>
        </div>
        {reported ? (
          <div>
            <dt className="text-base-content/80">Report</dt>
            <dd className="font-medium">Sent to the moderators</dd>
          </div>
        ) : null}
      </dl>
      {happened && rating === null ? (
        <div className="mt-3 border-t border-base-300 pt-3">
          <StarRating callId={call.callId} partnerName={call.partnerName} compact onRated={setRating} />
        </div>
      ) : null}
      {happened && !reported ? (
        <div className="mt-3 flex justify-end">
          <button type="button" className="btn btn-ghost btn-sm text-error" aria-haspopup="dialog" onClick={() => setReportOpen(true)}>
            Report {call.partnerName}
          </button>
        </div>
      ) : null}
      <ReportDialog
        open={reportOpen}
        onClose={() => setReportOpen(false)}
        callId={call.callId}
        partnerName={call.partnerName}
        live={false}
        onReported={() => {
          setReportedHere(true);
          setReportOpen(false);
        }}
      />
    </article>
  );
}
