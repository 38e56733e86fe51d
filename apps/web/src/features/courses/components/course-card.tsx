import { Link } from 'react-router';
import { formatMoney } from '@parley/domain/money';
import type { CourseCard as Course } from '@parley/domain/courses';
import { Badge } from '../../../shared/ui/badge';
import { Icon } from '../../../shared/ui/icon';
import { AddToCartButton } from './add-to-cart-button';
import { CourseCover, CourseFacts, Rating } from './course-facts';
import { coursePath, playerPath } from './course-paths';

/** How the viewer may already open a course: they own it, or an active course subscription of its subject opens it. */
export type CourseAccess = 'owned' | 'subscription' | null;

/**
 * A catalogue card: cover, subject, title (the link to the course), creator, level, duration, rating,
 * price and Add to cart; for a course the learner owns, or has through a course subscription, which
 * of the two and Open course instead. The grid's first card marks its
 * cover `priority` (the page's largest image).
 */
export function CourseCard({ course, priority = false, access = null }: { course: Course; priority?: boolean; access?: CourseAccess }) {
  const titleId = `course-${course._id}`;
  return (
    <article aria-labelledby={titleId} className="card h-full overflow-hidden border border-base-300 bg-base-100">
      <CourseCover course={course} priority={priority} />
      <div className="card-body gap-2 p-4">
        <div>
          <Badge variant={course.subject === 'AI' ? 'secondary' : 'primary'} size="xs">
            {course.subject}
          </Badge>
        </div>
        <h3 id={titleId} className="text-base font-semibold leading-snug">
          <Link to={coursePath(course._id)} className="link link-hover">
            {course.title}
          </Link>
        </h3>
        <p className="text-sm text-base-content/70">by {course.creator.name}</p>
        <CourseFacts course={course} />
        <Rating rating={course.rating} ratingCount={course.ratingCount} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2">
          {access ? (
            <>
              <span className="flex items-center gap-1 text-sm font-semibold text-success">
                <Icon name="check" className="size-4" />
                {access === 'owned' ? 'You own this course' : 'Included in your course subscription'}
              </span>
              <Link to={playerPath(course._id)} className="btn btn-primary btn-sm">
                {/* The card does not know how far the learner got: the course's own page says Start or Continue. */}
                Open course<span className="sr-only">: {course.title}</span>
              </Link>
            </>
          ) : (
            <>
              <span className="text-lg font-bold tabular-nums">{formatMoney(course.price)}</span>
              <AddToCartButton course={course} />
            </>
          )}
        </div>
      </div>
    </article>
  );
}
