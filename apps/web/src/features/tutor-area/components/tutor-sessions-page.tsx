import { useId, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { SESSION_LIST_PAGE_SIZE } from '@parley/domain/constants';
import { PageHeader } from '../../../shared/ui/empty-state';
import { Pager, usePageTurn } from '../../../shared/ui/pager';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { moveRovingFocus } from '../../../shared/ui/roving-focus';
import { useTutorSessions } from '../api/get-tutor-sessions';
import { useTutorSessionsRealtime } from '../lib/use-tutor-sessions-realtime';
import { useTutorTimeZone } from '../lib/use-tutor-time-zone';
import { NoSessionsNote, TutorSessionList, type SessionExtra } from './tutor-session-list';

const tabs = [
  { when: 'upcoming', label: 'Upcoming' },
  { when: 'past', label: 'Past' },
] as const;
type When = (typeof tabs)[number]['when'];

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
  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = moveRovingFocus(event, '[role="tab"]', 'horizontal')?.dataset.when;
    if ((next === 'upcoming' || next === 'past') && next !== when) go({ when: next, page: 1 });
  };

  const list = sessions.isPending ? (
    <div role="status" aria-label="Loading sessions" className="skeleton h-48" />
  ) : sessions.isError ? (
    <RetryAlert message={sessions.error.message} onRetry={() => sessions.refetch()} retrying={sessions.isFetching} />
  ) : sessions.data.items.length === 0 ? (
    <NoSessionsNote text={when === 'upcoming' ? 'No upcoming sessions yet.' : 'No past sessions yet.'} />
  ) : (
    <div className={sessions.isPlaceholderData ? 'opacity-60' : ''}>
      <TutorSessionList items={sessions.data.items} timeZone={timeZone} when={when} sessionExtra={sessionExtra} label={when === 'upcoming' ? 'Upcoming sessions' : 'Past sessions'} />
    </div>
  );

  return (
    <div className="space-y-4">
      <PageHeader title="Sessions" subtitle={`Your sessions with learners. Times are in ${timeZone}.`} />
      <div role="tablist" aria-label="Sessions" className="tabs tabs-box w-fit" onKeyDown={onTabKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.when}
            type="button"
            role="tab"
            id={`${baseId}-${tab.when}-tab`}
            data-when={tab.when}
            aria-selected={tab.when === when}
            aria-controls={`${baseId}-${tab.when}-panel`}
            tabIndex={tab.when === when ? 0 : -1}
            className={`tab ${tab.when === when ? 'tab-active' : ''}`}
            onClick={() => go({ when: tab.when, page: 1 })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div>
        {tabs.map((tab) => (
          <div key={tab.when} ref={tab.when === when ? openPanel : undefined} role="tabpanel" id={`${baseId}-${tab.when}-panel`} aria-labelledby={`${baseId}-${tab.when}-tab`} hidden={tab.when !== when} tabIndex={0}>
            {tab.when === when ? list : null}
          </div>
        ))}
      </div>
      {sessions.data ? <Pager page={page} total={sessions.data.total} pageSize={SESSION_LIST_PAGE_SIZE} onPage={turn} /> : null}
    </div>
  );
}
