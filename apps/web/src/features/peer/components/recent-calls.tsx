import { Link } from 'react-router';
import { errorMessage } from '../../../shared/lib/http';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { usePastCalls } from '../api/get-past-calls';
import { peerPaths } from '../lib/peer-paths';
import { callLengthText, dateTimeText, minutesText } from '../lib/peer-time';

const RECENT = 3;

/** The latest few calls, with a link to all of them; with none yet, how to have the first (`canCall`: minutes enough for Practise now). */
export function RecentCalls({ timeZone, canCall }: { timeZone: string; canCall: boolean }) {
  const calls = usePastCalls(1, RECENT);
  return (
    <section aria-labelledby="recent-calls-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-calls-heading" className="text-lg font-semibold">
          Recent calls
        </h2>
        <Link to={peerPaths.calls} className="link link-primary text-sm">
          All past calls
        </Link>
      </div>
      {calls.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading recent calls</span>
          <div className="skeleton h-14 w-full" />
          <div className="skeleton h-14 w-full" />
        </div>
      ) : calls.isError ? (
        <RetryAlert message={errorMessage(calls.error)} onRetry={() => void calls.refetch()} retrying={calls.isFetching} className="text-base-content" />
      ) : calls.data.items.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-100 p-4 text-sm">{canCall ? 'No calls yet. Press Practise now to have your first.' : 'No calls yet. Get minutes with a peer plan to have your first.'}</p>
      ) : (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {calls.data.items.map((call) => (
            <li key={call.callId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-3 text-sm">
              <span className="min-w-0">
                <span className="font-semibold wrap-break-word">{call.partnerName}</span>
                <span className="block text-base-content/80">
                  <time dateTime={call.startedAt ?? call.endedAt}>{dateTimeText(call.startedAt ?? call.endedAt, timeZone)}</time> · {call.topicTitle}
                </span>
              </span>
              <span className="text-base-content/80 tabular-nums">
                {callLengthText(call)} · {minutesText(call.chargedMinutes)} used
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
