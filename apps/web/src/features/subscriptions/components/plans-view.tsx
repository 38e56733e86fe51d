import { useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { kidPlanSubject, kidSubjectFromParam } from '@parley/domain/kids';
import { messages } from '@parley/domain/messages';
import { homePathByRole } from '@parley/domain/roles';
import { unbookedSessions } from '@parley/domain/sessions';
import { liveSubscriptions, subscriptionFor, type ActiveSubscription, type UserRecord } from '@parley/domain/user';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { errorMessage } from '../../../shared/lib/http';
import { hasSession } from '../../../shared/lib/session';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { usePlans, type PlanBuyer } from '../api/get-plans';
import { useChosenPlanId, useFocusChosenPlan } from './chosen-plan';
import { PlanCard } from './plan-card';
import { planVerticals, type PlanVertical } from '../plan-verticals';
import { groupBySubject, slugOf } from './plan-groups';

// The plans list every plans page shows, and which plans each vertical sells.

/** The Add Money modal, passed in by the route module (the wallet feature owns it). */
export type AddMoneyComponent = ComponentType<{ open: boolean; onClose: () => void }>;

/** The sessions a purchase of `plan` takes over from the live plan of its subject (the server carries them as backlog). */
function sessionsCarriedTo(plan: { subject: string }, user: UserRecord | null | undefined): number {
  const live = user ? subscriptionFor(user, plan.subject) : null;
  return live ? unbookedSessions(live) : 0;
}

/**
 * Who buys on a plans page: the learner when the browser holds a learner session; else a
 * peer-only account (spec §6), which reaches only the peer pages' plans: Peer Learning plans, paid
 * at the checkout in its own session (it has no wallet).
 */
export function planBuyer(): PlanBuyer {
  return hasSession('learner') ? 'learner' : 'peer';
}

/** A plan subject the learner can ask for by query (subject=English or subject=Financial Education). */
export function subjectsFor(vertical: PlanVertical, subjectQuery: string | null): readonly string[] | null {
  if (!subjectQuery) return vertical.subjects;
  // For kids, subject=English means the kids' English plans, in any case.
  if (vertical === planVerticals.kids) {
    const kidSubject = kidSubjectFromParam(subjectQuery);
    return kidSubject ? [kidPlanSubject[kidSubject.subject]] : vertical.subjects;
  }
  return [subjectQuery];
}

function hasPaidDemo(user: UserRecord | null | undefined, subject: 'English' | 'IELTS'): boolean {
  return subject === 'IELTS' ? Boolean(user?.isIELTSDemoPayed) : Boolean(user?.isDemoPayed);
}

export type PlansViewProps = {
  title: string;
  subtitle: string;
  subjects: readonly string[] | null;
  demoSubject?: 'English' | 'IELTS';
  AddMoney: AddMoneyComponent;
  showAllPlansLink?: boolean;
  /** Shown under the current plans: what the page's other areas add (the kids' minutes to give). */
  aside?: ReactNode;
};

export function PlansView({ title, subtitle, subjects, demoSubject, AddMoney, showAllPlansLink, aside }: PlansViewProps) {
  const buyer = planBuyer();
  const asLearner = buyer === 'learner';
  const { data: user } = useCurrentUser(buyer);
  const plans = usePlans(buyer);
  const [addMoneyOpen, setAddMoneyOpen] = useState(false);
  // The server lists a peer-only account only the Peer Learning plans.
  const shown = plans.data?.filter((plan) => subjects === null || subjects.includes(plan.subject)) ?? [];
  const groups = groupBySubject(shown);
  // The learner's live plans in this page's subjects (a learner may have one in each subject).
  const currentPlans = asLearner && user ? liveSubscriptions(user).filter((s) => subjects === null || s.subjects.some((subject) => subjects.includes(subject))) : [];
  const chosenId = useChosenPlanId();
  useFocusChosenPlan(shown.some((plan) => plan._id === chosenId) ? chosenId : null);

  return (
    <div className="space-y-6">
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          showAllPlansLink && asLearner ? (
            <Link to="/learner/all-plans" className="btn btn-ghost btn-sm">
              Compare all plans
            </Link>
          ) : undefined
        }
      />

      {user ? currentPlans.map((subscription) => <CurrentPlan key={subscription._id} subscription={subscription} timeZone={user.timezone} />) : null}

      {aside}

      {asLearner ? null : <PeerCheckoutNote />}

      {asLearner && demoSubject && user && !subscriptionFor(user, demoSubject) && !hasPaidDemo(user, demoSubject) ? (
        <div className="flex flex-wrap items-center gap-3 rounded-box border border-primary/30 bg-primary/5 p-4">
          <p className="min-w-0 grow basis-72 text-sm">
            <span className="font-semibold">Not sure yet?</span> Meet a tutor in a paid trial session before you choose a plan.
          </p>
          <Link to={`/book-demo?subject=${demoSubject}`} className="btn btn-primary btn-sm">
            {messages.bookADemo}
          </Link>
        </div>
      ) : null}

      {plans.isPending ? (
        <div role="status" aria-label="Loading plans" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <div className="skeleton h-72" />
          <div className="skeleton h-72" />
          <div className="skeleton h-72" />
        </div>
      ) : null}
      {plans.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{errorMessage(plans.error)}</span>
          <button type="button" className="btn btn-sm" onClick={() => void plans.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {plans.data && shown.length === 0 ? (
        <EmptyState title="No plans available right now" icon="star">
          New plans for this programme are on their way. Check the other plans in the meantime.
        </EmptyState>
      ) : null}

      {groups.map(([subject, items]) => (
        <section key={subject} aria-labelledby={`plans-${slugOf(subject)}`} className="space-y-3">
          {groups.length > 1 ? (
            <h2 id={`plans-${slugOf(subject)}`} className="text-lg font-semibold">
              {subject}
            </h2>
          ) : (
            <h2 id={`plans-${slugOf(subject)}`} className="sr-only">
              {subject}
            </h2>
          )}
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {items.map((plan) => (
              <li key={plan._id} className="flex">
                <PlanCard
                  plan={plan}
                  buyer={buyer}
                  chosen={plan._id === chosenId}
                  isCurrent={asLearner && user ? liveSubscriptions(user).some((s) => s.plan._id === plan._id) : false}
                  currentSubscriptionId={user?.activeSubscription?._id ?? null}
                  carriedOver={asLearner ? sessionsCarriedTo(plan, user) : 0}
                  onAddMoney={() => setAddMoneyOpen(true)}
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {asLearner ? <AddMoney open={addMoneyOpen} onClose={() => setAddMoneyOpen(false)} /> : null}
    </div>
  );
}

/** A peer-only account has no wallet: it pays by card, and the minutes land on its dashboard. */
function PeerCheckoutNote() {
  return (
    // The text's 18 rem basis puts the link under it on a phone rather than squeezing it into a column beside it (so does the demo offer's).
    <div role="note" className="flex flex-wrap items-center gap-3 rounded-box border border-info/30 bg-info/5 p-4 text-sm">
      <p className="min-w-0 grow basis-72">
        Your peer learning account has no wallet, so Peer Learning plans are paid by card at the checkout. The minutes are added to your dashboard as soon as the payment
        goes through.
      </p>
      <Link to={homePathByRole.peer} className="btn btn-ghost btn-sm">
        Back to dashboard
      </Link>
    </div>
  );
}

function CurrentPlan({ subscription, timeZone }: { subscription: ActiveSubscription; timeZone: string }) {
  const expires = format(new TZDate(subscription.expiresAt, timeZone), 'd MMM yyyy');
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-box border border-success/40 bg-success/5 p-4 text-sm">
      <span className="font-semibold">Your plan: {subscription.plan.name}</span>
      <span className="text-base-content/70">Valid until {expires}</span>
    </div>
  );
}
