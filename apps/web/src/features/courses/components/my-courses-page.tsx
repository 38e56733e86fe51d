import { Link } from 'react-router';
import { PlaceholderPage } from '../../../shared/ui/empty-state';

/** /courses/myCourses */
export function MyCoursesPage() {
  return <PlaceholderPage title="My courses" subtitle="Courses you bought or were gifted." icon="book" action={<Link to="/courses" className="btn btn-primary btn-sm">Browse courses</Link>} />;
}
