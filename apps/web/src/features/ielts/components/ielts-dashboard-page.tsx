import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TZDate } from '@date-fns/tz';
import { differenceInCalendarDays, format, parseISO } from 'date-fns';
import { countOf } from '@parley/domain/plural';
import { demoBookedSubjects } from '@parley/domain/sessions';
import { subscriptionFor, type UserRecord } from '@parley/domain/user';
import { Countdown } from '../../../shared/ui/countdown';
import { PageHeader } from '../../../shared/ui/empty-state';
import { PlanSessionsCount } from '../../../shared/ui/plan-sessions-count';

type IeltsDashboardProps = {
  user: UserRecord | null;
  /** The next IELTS sessions (the booking feature's preview, passed in by the route). */
  upcoming: ReactNode;
};

/** Where the learner stands with IELTS tutoring: their plan's sessions left, their demo, what comes next. */
export function IeltsDashboardPage({ user, upcoming }: IeltsDashboardProps) {
  return (
    <div className="space-y-8">
      <PageHeader
        title="IELTS dashboard"
        subtitle="Speaking practice and mock speaking tests, in live sessions with IELTS specialists."
        actions={
          <Link to="/ielts/book-a-session" className="btn btn-primary btn-sm">
            Book a session
          </Link>
        }
      />
      {user ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <PlanCard user={user} />
          <DemoCard user={user} />
          <GoalCard user={user} />
        </div>
      ) : (
        <div role="status" aria-label="Loading your IELTS plan" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <div className="skeleton h-36" />
          <div className="skeleton h-36" />
          <div className="skeleton h-36" />
        </div>
      )}
      {upcoming}
    </div>
  );
}

function PlanCard({ user }: { user: UserRecord }) {
  const subscription = subscriptionFor(user, 'IELTS');
  return (
    <article aria-labelledby="ielts-plan-heading" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="ielts-plan-heading" className="card-title text-base">
          Your IELTS plan
        </h2>
        {subscription ? (
          <div className="flex flex-wrap items-end gap-x-10 gap-y-3">
            <div>
              <p className="text-sm text-base-content/70">{subscription.plan.name}</p>
              <PlanSessionsCount subscription={subscription} testId="ielts-sessions-left" />
            </div>
            <div>
              <p className="text-sm text-base-content/70">Plan ends in</p>
              <Countdown endsAt={subscription.expiresAt} expiry={{ kind: 'subscription' }} className="text-lg" />
            </div>
          </div>
        ) : (
          <>
            <p className="text-base-content/70">You have no IELTS plan yet. A plan gives you weekly sessions with an IELTS tutor.</p>
            <div className="card-actions">
              <Link to="/ielts/subscription-plans" className="btn btn-outline btn-primary btn-sm">
                See IELTS plans
              </Link>
            </div>
          </>
        )}
      </div>
    </article>
  );
}

/** The IELTS demo: booked, paid and waiting to be booked, or offered before a plan (a subscriber is not sold one). */
function DemoCard({ user }: { user: UserRecord }) {
  const booked = demoBookedSubjects(user.demoSessionBooked).includes('IELTS');
  if (!booked && !user.isIELTSDemoPayed && subscriptionFor(user, 'IELTS')) return null;
  const state = booked
    ? { text: 'Your IELTS demo is booked. You will find it under Upcoming sessions below.', action: null }
    : user.isIELTSDemoPayed
      ? { text: 'Your IELTS demo is paid. Pick a tutor and a time: your next IELTS booking is the demo.', action: { to: '/ielts/book-a-session', label: 'Book your demo' } }
      : { text: 'Not sure yet? Meet an IELTS tutor in a paid trial session before you choose a plan.', action: { to: '/book-demo?subject=IELTS', label: 'Book a demo' } };
  return (
    <article aria-labelledby="ielts-demo-heading" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="ielts-demo-heading" className="card-title text-base">
          Demo session
        </h2>
        <p className="text-base-content/80" data-testid="ielts-demo-status">
          {state.text}
        </p>
        {state.action ? (
          <div className="card-actions">
            <Link to={state.action.to} className="btn btn-primary btn-sm">
              {state.action.label}
            </Link>
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** The band the learner aims for and their test date, as given in the profile. */
function GoalCard({ user }: { user: UserRecord }) {
  const daysLeft = user.ieltsTestDate ? daysUntil(user.ieltsTestDate, user.timezone) : null;
  return (
    <article aria-labelledby="ielts-goal-heading" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <h2 id="ielts-goal-heading" className="card-title text-base">
          Your goal
        </h2>
        {user.ieltsBandGoal !== null || user.ieltsTestDate ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1" data-testid="ielts-goal">
            {user.ieltsBandGoal !== null ? (
              <>
                <dt className="text-sm text-base-content/70">Band</dt>
                <dd className="font-semibold">{user.ieltsBandGoal.toFixed(1)}</dd>
              </>
            ) : null}
            {user.ieltsTestDate ? (
              <>
                <dt className="text-sm text-base-content/70">Test date</dt>
                <dd className="font-semibold">
                  {format(parseISO(user.ieltsTestDate), 'd MMM yyyy')}
                  {daysLeft !== null && daysLeft >= 0 ? <span className="ml-2 text-sm font-normal text-base-content/70">{daysLeft === 0 ? 'today' : `in ${countOf(daysLeft, 'day')}`}</span> : null}
                </dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className="text-base-content/70">Tell your tutors the band you aim for and when you sit the test, and they will plan your sessions around it.</p>
        )}
        <div className="card-actions">
          <Link to="/user/profile" className="link link-primary text-sm">
            {user.ieltsBandGoal !== null || user.ieltsTestDate ? 'Change your goal' : 'Set your band goal and test date'}
          </Link>
        </div>
      </div>
    </article>
  );
}

/** Whole days from today (in the learner's timezone) to a calendar date. */
function daysUntil(date: string, timeZone: string): number {
  const today = format(new TZDate(Date.now(), timeZone), 'yyyy-MM-dd');
  return differenceInCalendarDays(parseISO(date), parseISO(today));
}
