import { Link } from 'react-router';
import { messages } from '@parley/domain/messages';
import { KIDS_CLASS_DURATION_MIN, noSessionsLeftText, totalSessions } from '@parley/domain/sessions';
import { countOf } from '@parley/domain/plural';
import { bookingStanding, buySessionsPathFor, subscribePathFor, subscriptionCovers, type BookerRecord } from '../lib/booker';
import { NotSubscribedActions } from './not-subscribed-dialog';

type Props = {
  record: BookerRecord;
  subject: string;
  isKid: boolean;
  kidSessionsAvailable: number;
  sessionsPath: string;
};

/** What the booker can book right now: a demo, N sessions, or the way to get some. */
export function BookingStandingCard({ record, subject, isKid, kidSessionsAvailable, sessionsPath }: Props) {
  const now = new Date();
  const { access, type, subscription } = bookingStanding({ record, subject, isKid, kidSessionsAvailable, now });
  const sessionsLink = (
    <Link to={sessionsPath} className="btn btn-ghost btn-sm">
      My sessions
    </Link>
  );

  if (access === 'NOT_SUBSCRIBED') {
    return (
      <div role="note" className="alert alert-warning alert-soft mb-6 flex flex-wrap justify-between">
        <span>
          <span className="font-semibold">{messages.notSubscribedTitle}</span> {messages.notSubscribedBody}
        </span>
        <span className="flex gap-2">
          <NotSubscribedActions subject={subject} />
        </span>
      </div>
    );
  }
  if (access === 'NO_SESSIONS_LEFT' && subscription) {
    return (
      <div role="note" className="alert alert-warning alert-soft mb-6 flex flex-wrap justify-between">
        <span>{noSessionsLeftText(subscription)}</span>
        <Link to={subscribePathFor(subject)} className="btn btn-primary btn-sm">
          See plans
        </Link>
      </div>
    );
  }
  if (access === 'BUY_SESSIONS') {
    return (
      <div role="note" className="alert alert-warning alert-soft mb-6 flex flex-wrap justify-between">
        <span>{messages.buySessionToBook}</span>
        <Link to={buySessionsPathFor(subject)} className="btn btn-primary btn-sm">
          Buy sessions
        </Link>
      </div>
    );
  }
  const summary =
    type === 'Demo'
      ? { title: 'Your demo session is ready', detail: 'Pick a tutor and a time: your next booking is your demo.' }
      : isKid
        ? { title: `${countOf(kidSessionsAvailable, 'session')} available`, detail: `${subject} classes last ${KIDS_CLASS_DURATION_MIN} minutes.` }
        : subscription && subscriptionCovers(subscription, subject, now)
          ? { title: `${countOf(totalSessions(subscription), 'session')} available`, detail: subscription.plan.name }
          : { title: 'Ready to book', detail: 'Pick a tutor and a time.' };
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-box border border-base-300 bg-base-100 px-5 py-4">
      <div>
        <p data-testid="booking-standing" className="font-semibold">
          {summary.title}
        </p>
        <p className="text-sm text-base-content/70">{summary.detail}</p>
      </div>
      {sessionsLink}
    </div>
  );
}
