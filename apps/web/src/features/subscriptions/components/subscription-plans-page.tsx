import type { ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { PEER_PLAN_SUBJECT } from '@parley/domain/plans';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { newCurriculumPlans, planVerticals } from '../plan-verticals';
import { PlansView, planBuyer, subjectsFor, type AddMoneyComponent } from './plans-view';
import type { PlanBuyer } from '../api/get-plans';

/**
 * /learner/subscription-plans (optional subject=English | Financial Education), /ielts/…,
 * /kid-peer/…, /peer-learning/…, /curriculum/pricing and the generic /{vertical}/subscription-plans.
 * A new-curriculum learner's /learner/subscription-plans (where spec §2.2 sends them) sells the
 * Curriculum plans; a peer-only account (on the peer pages) pays by card only.
 */
export function SubscriptionPlansPage({ vertical: fixedVertical, AddMoney, aside }: { vertical?: string; AddMoney: AddMoneyComponent; aside?: ReactNode }) {
  const params = useParams();
  const [search] = useSearchParams();
  const key = fixedVertical ?? params.vertical ?? 'learner';
  const buyer = planBuyer();
  const { data: user } = useCurrentUser('learner', key === 'learner' && buyer === 'learner');
  const subjectQuery = search.get('subject');
  const newCurriculum = key === 'learner' && !subjectQuery && buyer === 'learner' && Boolean(user?.isNewCurriculum);
  const vertical = newCurriculum ? newCurriculumPlans : (planVerticals[key] ?? planVerticals.learner!);
  const subjects = subjectsFor(vertical, subjectQuery);
  const title = subjectQuery ? `${subjects?.[0] ?? subjectQuery} plans` : vertical.title;
  return (
    <PlansView
      title={title}
      subtitle={plansSubtitle({ buyer, subjects, forKids: key === 'kid-peer' })}
      subjects={subjects}
      demoSubject={subjectQuery && subjectQuery !== vertical.demoSubject ? undefined : vertical.demoSubject}
      AddMoney={AddMoney}
      showAllPlansLink
      aside={aside}
    />
  );
}

/** What the plans sell, in their own unit: Peer Learning plans add practice minutes, the others sessions. */
function plansSubtitle({ buyer, subjects, forKids }: { buyer: PlanBuyer; subjects: readonly string[] | null; forKids: boolean }): string {
  if (buyer === 'peer') return 'Each plan adds practice minutes to your peer learning account. Pay by card.';
  const payWays = 'Pay from your wallet or by card.';
  if (subjects === null) return `Choose how many sessions or practice minutes you want and how you like to learn. ${payWays}`;
  if (subjects.length > 0 && subjects.every((subject) => subject === PEER_PLAN_SUBJECT)) {
    return forKids
      ? `Each plan adds practice minutes to your account, which you give to your kids for their peer practice. ${payWays}`
      : `Each plan adds practice minutes to your peer learning account. ${payWays}`;
  }
  return `Choose how many sessions you want and how you like to learn. ${payWays}`;
}
