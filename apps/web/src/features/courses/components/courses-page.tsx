import { Link } from 'react-router';
import { Badge } from '../../../shared/ui/badge';
import { AddMoneyProvider, type AddMoneyComponent } from './add-money-context';
import { CartNavLink } from './cart-nav-link';
import { CourseCatalogue } from './course-catalogue';
import { isSignedInLearner } from '../lib/signed-in-learner';
import { LazySubscriptionOffers } from './lazy-subscription-offers';

/** /courses (public): every subject's courses with a subject filter and a search, and the course subscriptions. */
export function CoursesPage({ AddMoney }: { AddMoney: AddMoneyComponent }) {
  const signedIn = isSignedInLearner();
  return (
    <AddMoneyProvider AddMoney={AddMoney}>
      <div className="mx-auto max-w-6xl space-y-10 px-4 py-8 lg:px-8 lg:py-12">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold tracking-tight">Courses</h1>
            <p className="mt-1 text-base-content/70">Self-paced courses in English, IELTS, English for kids and AI. Watch, read and practise at your own pace.</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link to="/AICourses" className="btn btn-outline btn-sm gap-2">
              AI Courses <Badge variant="secondary" size="xs">NEW</Badge>
            </Link>
            {signedIn ? (
              <>
                <Link to="/courses/myCourses" className="btn btn-ghost btn-sm">
                  My courses
                </Link>
                <CartNavLink />
              </>
            ) : null}
          </div>
        </div>
        <CourseCatalogue after={<LazySubscriptionOffers />} />
      </div>
    </AddMoneyProvider>
  );
}
