import { Link } from 'react-router';
import { Icon } from '../../../shared/ui/icon';
import { coursePath } from './course-paths';

/** What a locked lesson shows instead of its content: why, and where to buy the course. */
export function LockedLesson({ courseId }: { courseId: string }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-box border border-base-300 bg-base-100 p-6">
      <p className="flex items-center gap-2 font-semibold">
        <Icon name="lock" className="size-5" /> This lesson is locked.
      </p>
      <p className="text-sm text-base-content/70">Lessons open once you own the course. Lessons marked Preview are free to watch.</p>
      <Link to={coursePath(courseId)} className="btn btn-primary btn-sm">
        Buy this course
      </Link>
    </div>
  );
}
