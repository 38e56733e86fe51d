import { Link, useParams } from 'react-router';
import { Badge } from '../../../shared/ui/badge';
import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /courses (public catalogue) */
export function CoursesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 lg:px-8">
      <PlaceholderPage
        title="Courses"
        subtitle="Self-paced courses for grammar, interviews and workplace English."
        emptyTitle="Courses will appear here"
        emptyBody="Browse, add to your cart and learn at your own pace."
        icon="book"
        action={
          <Link to="/AICourses" className="btn btn-outline btn-sm gap-2">
            Try AI Courses <Badge variant="secondary" size="xs">NEW</Badge>
          </Link>
        }
      />
    </div>
  );
}

/** /courses/myCourses */
export function MyCoursesPage() {
  return <PlaceholderPage title="My courses" subtitle="Courses you bought or were gifted." emptyTitle="Your courses will appear here" icon="book" action={<Link to="/courses" className="btn btn-primary btn-sm">Browse courses</Link>} />;
}

/** /courses/cart */
export function CartPage() {
  return <PlaceholderPage title="Cart" subtitle="Courses waiting for checkout." emptyTitle="Your cart is empty" icon="cart" action={<Link to="/courses" className="btn btn-primary btn-sm">Browse courses</Link>} />;
}

/** /AICourses */
export function AiCoursesPage() {
  return <PlaceholderPage title="AI Courses" subtitle="Practise with an AI guide between your live sessions." emptyTitle="AI courses will appear here" icon="sparkles" />;
}

/** /AICourses/{id}: shown without the navigation shell (spec §2.8). */
export function AiCoursePage() {
  const { id } = useParams();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Link to="/AICourses" className="btn btn-ghost btn-sm mb-4">
        ← All AI courses
      </Link>
      <PlaceholderPage title="AI course" subtitle={id ? `Course ${id}` : undefined} emptyTitle="Lessons will appear here" icon="sparkles" />
    </div>
  );
}
