import { Link } from 'react-router';
import { Badge } from '../../../shared/ui/badge';
import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /courses (public catalogue) */
export function CoursesPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 lg:px-8">
      <PlaceholderPage
        title="Courses"
        subtitle="Self-paced courses for grammar, interviews and workplace English."
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
