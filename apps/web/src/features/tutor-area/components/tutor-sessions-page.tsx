import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { SESSION_LIST_PAGE_SIZE } from '@parley/domain/constants';
import { PageHeader } from '../../../shared/ui/empty-state';
import { Pager, usePageTurn } from '../../../shared/ui/pager';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { panelId, TabList, tabId } from '../../../shared/ui/tab-list';
import { useTutorSessions } from '../api/get-tutor-sessions';
import { useTutorSessionsRealtime } from '../lib/use-tutor-sessions-realtime';
import { useTutorTimeZone } from '../lib/use-tutor-time-zone';
import { NoSessionsNote, TutorSessionList, type SessionExtra } from './tutor-session-list';

const tabs = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
] as const;
type When = (typeof tabs)[number]['value'];

/** /teacher/sessions: Upcoming (Join, Cancel) and Past (outcome, minutes) tabs, 10 a page; tab and page live in the URL. */
export function TutorSessionsPage({ sessionExtra }: { sessionExtra?: SessionExtra } = {}) {
  const [params, setParams] = useSearchParams();
  const when: When = params.get('when') === 'past' ? 'past' : 'upcoming';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const timeZone = useTutorTimeZone();
  const sessions = useTutorSessions({ page, limit: SESSION_LIST_PAGE_SIZE, when });
  useTutorSessionsRealtime();
  const baseId = useId();
  const go = (next: { when?: When; page?: number }) => {
    const search = new URLSearchParams(params);
    search.set('when', next.when ?? when);
    search.set('page', String(next.page ?? 1));
    setParams(search);
  };
  // A new page's rows start in the open panel: focus goes there.
  const { startRef: openPanel, turn } = usePageTurn<HTMLDivElement>((next) => go({ page: next }));

  const list = sessions.isPending || timeZone === null ? (
    <div role="status" aria-label="Loading sessions" className="skeleton h-48" />
  ) : sessions.isError ? (
    <RetryAlert message={sessions.error.message} onRetry={() => sessions.refetch()} retrying={sessions.isFetching} />
  ) : (
    <div className={sessions.isPlaceholderData ? 'opacity-60' : ''}>
      <TutorSessionList
        items={sessions.data.items}
        timeZone={timeZone}
        when={when}
        sessionExtra={sessionExtra}
        label={when === 'upcoming' ? 'Upcoming sessions' : 'Past sessions'}
        empty={<NoSessionsNote text={when === 'upcoming' ? 'No upcoming sessions yet.' : 'No past sessions yet.'} />}
      />
    </div>
  );

  return (
    <div className="space-y-4">
      <PageHeader title="Sessions" subtitle={timeZone ? `Your sessions with learners. Times are in ${timeZone}.` : 'Your sessions with learners.'} />
      <TabList label="Sessions" idBase={baseId} tabs={tabs} selected={when} onSelect={(next) => go({ when: next, page: 1 })} className="tabs-box w-fit" />
      <div>
        {tabs.map((tab) => (
          <div key={tab.value} ref={tab.value === when ? openPanel : undefined} role="tabpanel" id={panelId(baseId, tab.value)} aria-labelledby={tabId(baseId, tab.value)} hidden={tab.value !== when} tabIndex={0}>
            {tab.value === when ? list : null}
          </div>
        ))}
      </div>
      {sessions.data ? <Pager page={page} total={sessions.data.total} pageSize={SESSION_LIST_PAGE_SIZE} onPage={turn} /> : null}
    </div>
  );
}
