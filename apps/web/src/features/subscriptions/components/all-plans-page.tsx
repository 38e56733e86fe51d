import { PlansView, type AddMoneyComponent } from './plans-view';

/** /learner/all-plans */
export function AllPlansPage({ AddMoney }: { AddMoney: AddMoneyComponent }) {
  return <PlansView title="All plans" subtitle="Every plan across English, IELTS, Curriculum, Kids and Peer Learning." subjects={null} AddMoney={AddMoney} />;
}
