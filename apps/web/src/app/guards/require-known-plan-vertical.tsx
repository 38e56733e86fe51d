import { Outlet, useParams } from 'react-router';
import { isKnownPlanVertical } from '../../features/subscriptions/plan-verticals';
import { PublicLayout } from '../layouts/public-layout';
import { NotFoundPage } from '../not-found';

/** /{vertical}/subscription-plans exists only for a vertical that sells plans; anything else is a 404. */
export function RequireKnownPlanVertical() {
  const { vertical } = useParams();
  if (isKnownPlanVertical(vertical)) return <Outlet />;
  // Outside every area's layout: the public one frames the 404, as for any unknown path.
  return (
    <PublicLayout>
      <NotFoundPage />
    </PublicLayout>
  );
}
