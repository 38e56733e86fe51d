import { useParams, useSearchParams } from 'react-router';
import { PlansView, planVerticals, subjectsFor, type AddMoneyComponent } from './plans-view';

/**
 * /learner/subscription-plans (optional subject=English | Financial Education), /ielts/…,
 * /kid-peer/…, /curriculum/pricing and the generic /{vertical}/subscription-plans.
 */
export function SubscriptionPlansPage({ vertical: fixedVertical, AddMoney }: { vertical?: string; AddMoney: AddMoneyComponent }) {
  const params = useParams();
  const [search] = useSearchParams();
  const key = fixedVertical ?? params.vertical ?? 'learner';
  const vertical = planVerticals[key] ?? planVerticals.learner!;
  const subjectQuery = search.get('subject');
  const subjects = subjectsFor(vertical, subjectQuery);
  const title = subjectQuery ? `${subjects?.[0] ?? subjectQuery} plans` : vertical.title;
  return (
    <PlansView
      title={title}
      subtitle="Choose how many sessions you want and how you like to learn. Pay from your wallet or by card."
      subjects={subjects}
      demoSubject={subjectQuery && subjectQuery !== vertical.demoSubject ? undefined : vertical.demoSubject}
      AddMoney={AddMoney}
      showAllPlansLink
    />
  );
}
