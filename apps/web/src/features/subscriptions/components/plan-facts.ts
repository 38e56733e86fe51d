import { PEER_MONTHLY_PLAN_MINUTES } from '@parley/domain/peer';
import type { Plan } from '@parley/domain/plans';
import { countOf } from '@parley/domain/plural';
import { QUICK_LEARNER_MODE } from '@parley/domain/sessions';
import type { IconName } from '../../../shared/ui/icon';

// What a plan card lists, for a learner's card and a visitor's alike.

export const typeLabels: Record<string, string> = {
  quick_learner_mode: 'Quick learner',
  weekly: 'Weekly',
  peer_minutes: 'Peer minutes',
};

/** '25min' → '25 min'. */
function durationText(classDuration: string): string {
  const minutes = /^(\d+)\s*min$/.exec(classDuration)?.[1];
  return minutes ? `${minutes} min` : classDuration;
}

export function planFacts(plan: Plan): { icon: IconName; text: string }[] {
  // Peer minutes are not classes: each purchase adds minutes that do not expire.
  if (plan.subscriptionType === 'peer_minutes') {
    return [
      { icon: 'clock', text: `${PEER_MONTHLY_PLAN_MINUTES} minutes of peer calls` },
      { icon: 'check', text: 'Minutes don’t expire' },
    ];
  }
  const facts: { icon: IconName; text: string }[] = [];
  if (plan.sessionCount > 0) facts.push({ icon: 'calendar', text: countOf(plan.sessionCount, 'session') });
  // Quick learner mode spends from the whole count, as often as the learner likes: it has no weekly cap to state.
  if (plan.weeklySessions > 0 && plan.subscriptionType !== QUICK_LEARNER_MODE) facts.push({ icon: 'list', text: `${countOf(plan.weeklySessions, 'session')} a week` });
  facts.push({ icon: 'clock', text: `${durationText(plan.classDuration)} classes` });
  facts.push({ icon: 'check', text: `Valid for ${countOf(plan.validityDays, 'day')}` });
  return facts;
}
