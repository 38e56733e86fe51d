import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { BookingSubject } from '@parley/domain/booking';
import { Badge } from '../../../shared/ui/badge';
import { Icon } from '../../../shared/ui/icon';
import { useKidUpcomingSessions } from '../api/get-kid-upcoming-sessions';
import { RetryAlert } from '../../../shared/ui/retry-alert';

/** 'Mon, 12 May · 04:30 PM – 04:55 PM' in the viewer's timezone. */
export function formatClassTime(startAt: string, endAt: string, timeZone: string): string {
  const start = new TZDate(startAt, timeZone);
  const end = new TZDate(endAt, timeZone);
  return `${format(start, 'EEE, d MMM')} · ${format(start, 'hh:mm a')} – ${format(end, 'hh:mm a')}`;
}

type Props = { kidId: string; timeZone: string; subject?: BookingSubject; emptyText: string };

/** The active kid's next classes (asked as the kid), newest first as the server orders them. */
export function KidUpcomingSessions({ kidId, timeZone, subject, emptyText }: Props) {
  const { data, isPending, isError, error, refetch, isFetching } = useKidUpcomingSessions(kidId, subject);
  if (isPending) {
    return (
      <div role="status" aria-label="Loading upcoming classes" className="space-y-2">
        <div className="skeleton h-14 w-full" />
        <div className="skeleton h-14 w-full" />
      </div>
    );
  }
  if (isError) {
    return (
      <RetryAlert message={error.message} onRetry={() => refetch()} retrying={isFetching} />
    );
  }
  if (data.items.length === 0) {
    return <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-4 py-6 text-center text-sm text-base-content/70">{emptyText}</p>;
  }
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100" aria-label="Upcoming classes">
      {data.items.map((session) => (
        <li key={session._id} className="flex items-center gap-3 px-4 py-3">
          <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center overflow-hidden rounded-full bg-primary/10 text-primary">
            <img src={session.teacher.image} alt="" className="size-10" loading="lazy" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">
              {session.subject} <span className="font-normal text-base-content/70">with {session.teacher.name}</span>
            </p>
            <p className="flex items-center gap-1 text-sm text-base-content/70">
              <Icon name="clock" className="size-4" />
              <time dateTime={session.startAt}>{formatClassTime(session.startAt, session.endAt, timeZone)}</time>
            </p>
          </div>
          {session.type === 'Demo' ? <Badge variant="accent">Demo</Badge> : null}
        </li>
      ))}
    </ul>
  );
}
