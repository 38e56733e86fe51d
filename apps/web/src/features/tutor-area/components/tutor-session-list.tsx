import type { SessionItem } from '@parley/domain/booking';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { Badge } from '../../../shared/ui/badge';

/** The tutor's sessions: learner, subject, type, and date and time in the tutor's timezone. */
export function TutorSessionList({ items, timeZone, label = 'Upcoming sessions' }: { items: SessionItem[]; timeZone: string; label?: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
      {items.map((session) => (
        <li key={session._id} data-testid="tutor-session-row" className="flex items-center gap-3 px-4 py-3">
          <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-4">
            <div className="min-w-0 sm:flex-1">
              <p className="truncate font-medium">{session.learner.name}</p>
              <p className="text-sm text-base-content/70">
                {session.subject}
                {session.forKids ? ' · Kids' : ''}
              </p>
            </div>
            <div className="text-sm sm:text-right">
              <p className="font-medium">
                <time dateTime={session.startAt}>{formatInstant(session.startAt, timeZone, 'EEE, d MMM yyyy')}</time>
              </p>
              <p className="text-base-content/70">
                {formatInstant(session.startAt, timeZone, 'hh:mm a')} – {formatInstant(session.endAt, timeZone, 'hh:mm a')}
              </p>
            </div>
          </div>
          <Badge variant={session.type === 'Demo' ? 'accent' : 'neutral'}>{session.type}</Badge>
        </li>
      ))}
    </ul>
  );
}

/** Said in place of the list when the tutor has no sessions to show. */
export function NoSessionsNote({ text }: { text: string }) {
  return <p className="rounded-box border border-dashed border-base-300 bg-base-100 px-4 py-8 text-center text-sm text-base-content/70">{text}</p>;
}
