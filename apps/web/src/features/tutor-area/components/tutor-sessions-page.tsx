import { useState } from 'react';
import { SESSION_LIST_PAGE_SIZE } from '@parley/domain/constants';
import { PageHeader } from '../../../shared/ui/empty-state';
import { Pager } from '../../../shared/ui/pager';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useTutorSessions } from '../api/get-tutor-sessions';
import { useTutorTimeZone } from '../lib/use-tutor-time-zone';
import { NoSessionsNote, TutorSessionList } from './tutor-session-list';

/** /teacher/sessions: upcoming sessions with learner names, 10 a page. */
export function TutorSessionsPage() {
  const [page, setPage] = useState(1);
  const timeZone = useTutorTimeZone();
  const sessions = useTutorSessions({ page, limit: SESSION_LIST_PAGE_SIZE });
  return (
    <div className="space-y-4">
      <PageHeader title="Sessions" subtitle={`Your upcoming sessions. Times are in ${timeZone}.`} />
      {sessions.isPending ? (
        <div role="status" aria-label="Loading sessions" className="skeleton h-48" />
      ) : sessions.isError ? (
        <RetryAlert message={sessions.error.message} onRetry={() => sessions.refetch()} retrying={sessions.isFetching} />
      ) : sessions.data.items.length === 0 ? (
        <NoSessionsNote text="No upcoming sessions yet." />
      ) : (
        <TutorSessionList items={sessions.data.items} timeZone={timeZone} />
      )}
      {sessions.data ? <Pager page={page} total={sessions.data.total} pageSize={SESSION_LIST_PAGE_SIZE} onPage={setPage} /> : null}
    </div>
  );
}
