import { Outlet, useParams } from 'react-router';
import { isKnownPlanVertical } from '../../features/subscriptions/components/plans-view';
import { NotFoundPage } from '../not-found';

/** /{vertical}/subscription-plans exists only for a vertical that sells plans; anything else is a 404. */
export function RequireKnownPlanVertical() {
  const { vertical } = useParams();
  return isKnownPlanVertical(vertical) ? <Outlet /> : <NotFoundPage />;
}
