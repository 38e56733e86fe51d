import { Link, useParams } from 'react-router';
import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /AICourses/{id}: shown without the navigation shell. */
export function AiCoursePage() {
  const { id } = useParams();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Link to="/AICourses" className="btn btn-ghost btn-sm mb-4">
        ← All AI courses
      </Link>
      <PlaceholderPage title="AI course" subtitle={id ? `Course ${id}` : undefined} icon="sparkles" />
    </div>
  );
}
