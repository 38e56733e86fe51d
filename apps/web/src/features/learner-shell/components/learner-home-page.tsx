import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { demoBookedSubjects } from '@parley/domain/sessions';
import { liveSubscriptions, subscriptionFor, type UserRecord } from '@parley/domain/user';
import { Countdown } from '../../../shared/ui/countdown';
import { PageHeader } from '../../../shared/ui/empty-state';
import { PlanSessionsCount } from '../../../shared/ui/plan-sessions-count';

/** Where the learner home sends a learner to book: an IELTS-only subscriber books on the IELTS pages (the English booking would refuse them). */
export function homeBookingPath(user: UserRecord | null): string {
  const ieltsOnly = user !== null && !subscriptionFor(user, 'English') && subscriptionFor(user, 'IELTS') !== null;
  return ieltsOnly ? '/ielts/book-a-session' : '/learner/book-a-session';
}

/** /learner: the English home, with the learner's real plan status, next steps and sessions. */
export function LearnerHomePage({ user, upcoming }: { user: UserRecord | null; upcoming: ReactNode }) {
  // A learner may have a live plan in each subject (English, IELTS, Financial Education…): each is shown.
  const plans = user ? liveSubscriptions(user) : [];
  const bookPath = homeBookingPath(user);
  const booking = user?.isMigratedToCurriculum
    ? { to: '/learner/my-courses', label: 'Open curriculum' }
    : { to: bookPath, label: bookPath === '/ielts/book-a-session' ? 'Book an IELTS session' : 'Book a session' };
  const firstName = user?.name.split(' ')[0];
  return (
    <div className="space-y-8">
      {/* Not "welcome back": the same page greets a learner whose account is a minute old. */}
      <PageHeader title={firstName ? `Welcome, ${firstName}` : 'Welcome'} subtitle="Book your next conversation with a tutor." />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <article className="card border border-base-300 bg-base-100 md:col-span-2">
          <div className="card-body">
            <h2 className="card-title text-base">{plans.length > 1 ? 'Your plans' : 'Your plan'}</h2>
            {plans.length > 0 ? (
              <ul className="divide-y divide-base-300">
                {plans.map((subscription) => (
                  <li key={subscription._id} className="flex flex-wrap items-end gap-x-10 gap-y-4 py-3 first:pt-0 last:pb-0">
                    <div>
                      <p className="text-sm text-base-content/70">{subscription.plan.name}</p>
                      <PlanSessionsCount subscription={subscription} />
                    </div>
                    <div>
                      <p className="text-sm text-base-content/70">Plan ends in</p>
                      <Countdown endsAt={subscription.expiresAt} expiry={{ kind: 'subscription' }} className="text-lg" />
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <div className="space-y-4">
                {user ? <TrialNote user={user} /> : null}
                <div className="flex flex-wrap items-center justify-between gap-4">
                  <p className="text-base-content/70">You have no active plan yet.</p>
                  <Link to="/learner/subscription-plans?subject=English" className="btn btn-primary btn-sm">
                    See plans
                  </Link>
                </div>
              </div>
            )}
          </div>
        </article>
        <article className="card bg-primary text-primary-content">
          <div className="card-body">
            <h2 className="card-title text-base">Ready to talk?</h2>
            <p className="text-sm opacity-90">Pick a tutor and a time that suits you.</p>
            <div className="card-actions mt-2">
              <Link to={booking.to} className="btn btn-sm h-auto min-h-8 max-w-full bg-base-100 py-1 whitespace-normal text-primary">
                {booking.label}
              </Link>
            </div>
          </div>
        </article>
      </div>
      {upcoming}
    </div>
  );
}

/**
 * The English trial, before any plan: on offer (without a plan or a demo, Book a session would only
 * say 'Not subscribed!'), paid and waiting to be booked (the next booking is the demo), or booked.
 */
function TrialNote({ user }: { user: UserRecord }) {
  const booked = demoBookedSubjects(user.demoSessionBooked).includes('English');
  if (!user.isDemoPayed) {
    if (booked) return null;
    return (
      <div className="alert alert-info alert-soft flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="trial-note">
        <span>A trial session lets you meet a tutor before you choose a plan.</span>
        <Link to="/book-demo" className="btn btn-primary btn-sm">
          Book your trial
        </Link>
      </div>
    );
  }
  if (booked) {
    return (
      <p className="alert alert-success alert-soft text-sm" data-testid="trial-note">
        Your trial session is booked. You will find it under your sessions.
      </p>
    );
  }
  return (
    <div className="alert alert-success alert-soft flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="trial-note">
      <span>Your trial is paid. Pick a tutor and a time: your next booking is the demo.</span>
      <Link to="/learner/book-a-session" className="btn btn-primary btn-sm">
        Book your demo
      </Link>
    </div>
  );
}
