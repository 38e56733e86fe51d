import { Link } from 'react-router';
import { PageHeader } from '../../../shared/ui/empty-state';
import { AddMoneyProvider, type AddMoneyComponent } from './add-money-context';
import { CartNavLink } from './cart-nav-link';
import { CourseCatalogue } from './course-catalogue';
import { LazySubscriptionOffers } from './lazy-subscription-offers';

const aiOnly = ['AI'] as const;

/** /AICourses: the AI courses only, with their search, and the AI course subscription. */
export function AiCoursesPage({ AddMoney }: { AddMoney: AddMoneyComponent }) {
  return (
    <AddMoneyProvider AddMoney={AddMoney}>
      <div className="space-y-8">
        <PageHeader
          title="AI Courses"
          subtitle="Self-paced courses about AI, and on learning with it. Start with a free preview lesson."
          actions={
            <>
              <Link to="/courses/myCourses" className="btn btn-ghost btn-sm">
                My courses
              </Link>
              <CartNavLink />
            </>
          }
        />
        <CourseCatalogue fixedSubject="AI" heading="All AI courses" after={<LazySubscriptionOffers subjects={aiOnly} />} />
      </div>
    </AddMoneyProvider>
  );
}
