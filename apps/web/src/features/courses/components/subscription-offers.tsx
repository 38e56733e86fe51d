import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { CourseSubject } from '@parley/domain/courses';
import { formatMoney } from '@parley/domain/money';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { Badge } from '../../../shared/ui/badge';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useBuyCourseSubscription } from '../api/buy-course-subscription';
import { formatViewerDay } from '../lib/format-date';
import { useActiveCourseSubscriptions, type ActiveCourseSubscription } from '../api/get-active-course-subscriptions';
import { useCourseSubscriptionPlans, type CourseSubscriptionOffer } from '../api/get-course-subscription-plans';
import { catalogueOf } from './course-paths';
import { PayDialog } from './pay-dialog';
import { isSignedInLearner } from '../lib/signed-in-learner';
import { useSignInFirst } from './sign-in-first';

/**
 * Course subscriptions: one price unlocks every course of a subject for a number of days. Each offer
 * has Subscribe (Wallet or Online payment); a signed-in learner sees which are active, until when.
 */
export function SubscriptionOffers({ subjects }: { subjects?: readonly CourseSubject[] }) {
  const headingId = useId();
  const signedIn = isSignedInLearner();
  const plans = useCourseSubscriptionPlans();
  const active = useActiveCourseSubscriptions(signedIn);
  // A server that keeps the offers to signed-in learners: visitors just don't see the section.
  if (plans.isError && isApiError(plans.error) && plans.error.status === 401) return null;
  const offers = plans.data?.filter((offer) => !subjects || subjects.includes(offer.subject)) ?? [];
  if (plans.data && offers.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div>
        <h2 id={headingId} className="text-xl font-semibold">
          Course subscriptions
        </h2>
        <p className="mt-1 text-sm text-base-content/70">One payment opens every course of a subject, including new ones, while it lasts.</p>
      </div>
      {plans.isPending ? (
        <div role="status" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <span className="sr-only">Loading course subscriptions</span>
          <div className="skeleton h-32" aria-hidden="true" />
          <div className="skeleton h-32" aria-hidden="true" />
        </div>
      ) : null}
      {plans.isError ? <RetryAlert message={errorMessage(plans.error)} onRetry={() => void plans.refetch()} retrying={plans.isFetching} /> : null}
      {offers.length > 0 ? (
        <ul className={`grid grid-cols-1 gap-3 sm:grid-cols-2 ${offers.length > 2 ? 'lg:grid-cols-4' : ''}`}>
          {offers.map((offer) => (
            <li key={offer.subject}>
              <OfferCard offer={offer} active={active.data?.find((item) => item.subject === offer.subject)} />
            </li>
          ))}
        </ul>
      ) : null}
      {active.isError ? <RetryAlert message={errorMessage(active.error)} onRetry={() => void active.refetch()} retrying={active.isFetching} /> : null}
    </section>
  );
}

function OfferCard({ offer, active }: { offer: CourseSubscriptionOffer; active: ActiveCourseSubscription | undefined }) {
  const signInFirst = useSignInFirst();
  const buy = useBuyCourseSubscription();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const name = `All ${offer.subject} courses for ${offer.days} days`;
  // Once a subscription bought through this card (or refused as bought elsewhere) shows, Subscribe,
  // where the dialog hands focus back, is gone: focus goes to what replaced it, never to the page.
  const activeNote = useRef<HTMLParagraphElement>(null);
  const subscribedHere = useRef(false);
  useEffect(() => {
    if (!active || open || !subscribedHere.current) return;
    subscribedHere.current = false;
    if (document.activeElement === document.body) activeNote.current?.focus();
  }, [active, open]);

  return (
    <article aria-labelledby={titleId} className="card h-full border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <h3 id={titleId} className="font-semibold leading-snug">
          {name}
        </h3>
        <p className="text-2xl font-bold tabular-nums">{formatMoney(offer.price)}</p>
        {active ? (
          <p ref={activeNote} tabIndex={-1} className="mt-auto flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="success" size="xs">
              Active
            </Badge>
            until {formatViewerDay(active.endsAt)}
          </p>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-sm mt-auto"
            onClick={() => {
              if (!isSignedInLearner()) return signInFirst();
              subscribedHere.current = true;
              setOpen(true);
            }}
          >
            Subscribe{' '}<span className="sr-only">to all {offer.subject} courses</span>
          </button>
        )}
      </div>
      <PayDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Subscribe"
        itemName={name}
        price={offer.price}
        // The end the page shows (none): one bought since in another tab refuses this, rather than charge
        // twice, and the dialog closes on the card, which then shows that subscription.
        buy={(method) =>
          buy.mutateAsync({ subject: offer.subject, method, currentEndsAt: active?.endsAt ?? null }).catch((error: unknown) => {
            if (isApiError(error) && error.code === 'PLAN_CHANGED') setOpen(false);
            throw error;
          })
        }
        checkout={{ purpose: 'CourseSubscription', description: name }}
        done={
          <Link to={catalogueOf(offer.subject)} className="btn btn-primary btn-sm" onClick={() => setOpen(false)}>
            Browse {offer.subject} courses
          </Link>
        }
      />
    </article>
  );
}
