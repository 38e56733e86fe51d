import { Fragment, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { errorMessage } from '../../../shared/lib/http';
import { EmptyState } from '../../../shared/ui/empty-state';
import type { IconName } from '../../../shared/ui/icon';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { PageNav, useLastPageWhenPast, usePageTurn } from '../../../shared/ui/pager';

type Listing<T> = { items: T[]; total: number };

type ModerationSectionProps<T> = {
  /** The id of the section's h2; lists inside name themselves after it. */
  headingId: string;
  title: string;
  description: ReactNode;
  query: UseQueryResult<Listing<T>>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  emptyTitle: string;
  emptyBody: ReactNode;
  icon: IconName;
  /** Controls above the list (a filter, a search), shown in every state. */
  toolbar?: ReactNode;
  /** The rows shown; `pageLabel` ("page 2 of 3", "loading page 2 of 3") is for captions. */
  children: (items: T[], pageLabel: string) => ReactNode;
};

/** One paginated list of the moderator dashboard: heading, loading, error, empty, rows, pages. */
export function ModerationSection<T>({ headingId, title, description, query, page, pageSize, onPage, emptyTitle, emptyBody, icon, toolbar, children }: ModerationSectionProps<T>) {
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = query;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  const { startRef: headingRef, turn: goToPage } = usePageTurn(onPage);

  // Rows can disappear between visits (a payment gets applied); never strand the viewer past the end.
  useLastPageWhenPast(page, data && !isPlaceholderData ? pageCount : undefined, onPage);

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id={headingId} ref={headingRef} tabIndex={-1} className="scroll-mt-20 text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-base-content/70">{description}</p>
        </div>
        {data && data.total > 0 ? (
          <p className="text-sm text-base-content/80 tabular-nums">
            {data.total} {data.total === 1 ? 'record' : 'records'}
          </p>
        ) : null}
      </div>

      {toolbar}

      {isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading {title.toLowerCase()}</span>
          <div className="skeleton h-12 w-full" />
          <div className="skeleton h-12 w-full" />
          <div className="skeleton h-12 w-full" />
        </div>
      ) : null}

      {/* Body-coloured text: the soft alert's red text on its pink fill is below 4.5:1. */}
      {isError ? <RetryAlert message={errorMessage(error)} onRetry={() => void refetch()} retrying={isFetching} className="text-base-content" /> : null}

      {data && data.total === 0 ? (
        <EmptyState level={3} title={emptyTitle} icon={icon}>
          {emptyBody}
        </EmptyState>
      ) : null}

      {data && data.items.length > 0 ? (
        <div aria-busy={isPlaceholderData} className={isPlaceholderData ? 'opacity-70 transition-opacity' : undefined}>
          {children(data.items, `${isPlaceholderData ? 'loading ' : ''}page ${page} of ${pageCount}`)}
        </div>
      ) : null}

      {data && pageCount > 1 ? (
        <PageNav page={page} pageCount={pageCount} onPage={goToPage} label={`${title}: pages`} loading={isPlaceholderData} />
      ) : null}
    </section>
  );
}

/** A person as the lists show them: name, and their email beneath when there is one. */
export function PersonCell({ person }: { person: { name: string; email: string | null } | null }) {
  if (!person) return <span className="text-base-content/80 italic">Account not found</span>;
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-medium wrap-break-word">{person.name}</span>
      {person.email ? (
        <span className="text-xs wrap-break-word text-base-content/80">
          <Breakable text={person.email} at={/(?=@)/} />
        </span>
      ) : (
        <span className="text-xs text-base-content/80">No email</span>
      )}
    </span>
  );
}

/** An instant from the server (UTC ISO) as the viewer's timezone reads it; wraps between date and time only. */
export function TimeCell({ iso, timeZone }: { iso: string; timeZone: string }) {
  return (
    <time dateTime={iso}>
      <span className="whitespace-nowrap">{formatInstant(iso, timeZone, 'd MMM yyyy,')}</span>{' '}
      <span className="whitespace-nowrap">{formatInstant(iso, timeZone, 'h:mm a')}</span>
    </time>
  );
}

/**
 * Emails and provider ids are long unbroken words: offer line breaks (by default before '@' and '.'
 * and after '_') so a narrow column wraps them there rather than mid-word; copying gives the plain text.
 */
export function Breakable({ text, at = /(?=[@.])|(?<=_)/ }: { text: string; at?: RegExp }) {
  const parts = text.split(at);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
