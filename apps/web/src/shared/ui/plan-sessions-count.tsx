import { totalSessions, unbookedSessions, type SubscriptionCounts } from '@parley/domain/sessions';

/** What a weekly plan holds beyond the sessions available now. */
export const weekByWeekText = (inAll: number) => `${inAll} left on the plan, given week by week`;

/**
 * A plan's sessions as a learner can book them now (spec: this week's allowance and the backlog,
 * or a quick learner's whole count) and, for a weekly plan, what else it holds for the weeks to
 * come: the plans page counts those too when a new plan takes them over, so both numbers are said.
 */
export function PlanSessionsCount({ subscription, testId }: { subscription: SubscriptionCounts; testId?: string }) {
  const available = totalSessions(subscription);
  const inAll = unbookedSessions(subscription);
  return (
    <>
      <p className="text-3xl font-bold tabular-nums" data-testid={testId}>
        {available}
      </p>
      <p className="text-sm text-base-content/70">{available === 1 ? 'session' : 'sessions'} available</p>
      {inAll > available ? <p className="text-xs text-base-content/70">{weekByWeekText(inAll)}</p> : null}
    </>
  );
}
