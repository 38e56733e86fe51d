import { useState } from 'react';
import { PEER_PAST_CALLS_PAGE_SIZE } from '@parley/domain/peer';
import { useAccountTimeZone } from '../../../shared/lib/account-time-zone';
import { errorMessage } from '../../../shared/lib/http';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useKidPastCalls } from '../api/get-kid-past-calls';
import { useKidPeerKids } from '../api/get-kid-peer-kids';
import { callLengthText, dateTimeText, minutesText } from '../lib/peer-time';
import { KidPeerChooser, useChosenKid } from './kid-peer-chooser';
import { NoKids } from './kid-peer-dashboard-page';
import { PageNav, usePageTurn } from '../../../shared/ui/pager';

/** /kid-peer/session (Past Calls), in the parent's account: the chosen kid's calls, newest first. */
export function KidPeerPastCallsPage() {
  const kids = useKidPeerKids();
  const [kid, choose] = useChosenKid(kids.data);
  const [page, setPage] = useState(1);
  const { startRef: listHeading, turn } = usePageTurn(setPage);
  const calls = useKidPastCalls(kid?.kidId, page, PEER_PAST_CALLS_PAGE_SIZE);
  const timeZone = useAccountTimeZone();
  const pageCount = calls.data ? Math.max(1, Math.ceil(calls.data.total / PEER_PAST_CALLS_PAGE_SIZE)) : 1;
  return (
    <div className="space-y-6">
      <PageHeader title="Kids Past Calls" subtitle={`Your kids’ peer calls, newest first. Times are in ${timeZone}.`} />
      {kids.isError ? (
        <RetryAlert message={errorMessage(kids.error)} onRetry={() => void kids.refetch()} retrying={kids.isFetching} className="text-base-content" />
      ) : kids.data && !kid ? (
        <NoKids />
      ) : kid ? (
        <>
          <KidPeerChooser kids={kids.data ?? []} kid={kid} onChoose={(id) => {
            setPage(1);
            choose(id);
          }} />
          <h2 ref={listHeading} tabIndex={-1} className="sr-only">
            {kid.name}’s calls, page {page} of {pageCount}
          </h2>
          {calls.isPending ? (
            <div role="status" className="skeleton h-28 w-full">
              <span className="sr-only">Loading past calls</span>
            </div>
          ) : calls.isError ? (
            <RetryAlert message={errorMessage(calls.error)} onRetry={() => void calls.refetch()} retrying={calls.isFetching} className="text-base-content" />
          ) : calls.data.total === 0 ? (
            <EmptyState level={3} title={`No calls for ${kid.name} yet`} icon="history">
              Calls appear here after they end, with how long they lasted and the minutes they used.
            </EmptyState>
          ) : (
            <>
              <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
                {calls.data.items.map((call) => (
                  <li key={call.callId} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 p-3 text-sm">
                    <span className="min-w-0">
                      <span className="font-semibold wrap-break-word">{call.partnerName}</span>
                      <span className="block text-base-content/80">
                        <time dateTime={call.startedAt ?? call.endedAt}>{dateTimeText(call.startedAt ?? call.endedAt, timeZone)}</time> · {call.topicTitle}
                        {call.reported ? ' · reported to the moderators' : ''}
                      </span>
                    </span>
                    <span className="tabular-nums text-base-content/80">
                      {callLengthText(call)} · {minutesText(call.chargedMinutes)} used
                    </span>
                  </li>
                ))}
              </ul>
              {pageCount > 1 ? (
                <PageNav page={page} pageCount={pageCount} onPage={turn} label="Past calls: pages" />
              ) : null}
            </>
          )}
        </>
      ) : (
        <div role="status" className="skeleton h-28 w-full">
          <span className="sr-only">Loading your kids</span>
        </div>
      )}
    </div>
  );
}
