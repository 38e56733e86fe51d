import { useParams, useSearchParams } from 'react-router';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { newCurriculumPlans, PlansView, planBuyer, planVerticals, subjectsFor, type AddMoneyComponent } from './plans-view';

/**
 * /learner/subscription-plans (optional subject=English | Financial Education), /ielts/…,
 * /kid-peer/…, /peer-learning/…, /curriculum/pricing and the generic /{vertical}/subscription-plans.
 * A new-curriculum learner's /learner/subscription-plans (where spec §2.2 sends them) sells the
 * Curriculum plans; a peer-only account (on the peer pages) pays by card only.
 */
export function SubscriptionPlansPage({ vertical: fixedVertical, AddMoney }: { vertical?: string; AddMoney: AddMoneyComponent }) {
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
      subtitle={
        buyer === 'learner'
          ? 'Choose how many sessions you want and how you like to learn. Pay from your wallet or by card.'
          : 'Each plan adds practice minutes to your peer learning account. Pay by card.'
      }
      subjects={subjects}
      demoSubject={subjectQuery && subjectQuery !== vertical.demoSubject ? undefined : vertical.demoSubject}
      AddMoney={AddMoney}
      showAllPlansLink
    />
  );
}
