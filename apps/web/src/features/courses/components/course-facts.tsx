import type { CourseCard } from '@parley/domain/courses';
import { Icon } from '../../../shared/ui/icon';

/** 45 → '45 min', 150 → '2 h 30 min', 120 → '2 h'. */
export function durationText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** What a rating says to a screen reader: '4.6 out of 5, 23 ratings'. */
export function ratingLabel(rating: number, ratingCount: number): string {
  if (ratingCount === 0) return 'No ratings yet';
  return `${rating.toFixed(1)} out of 5, ${ratingCount} ${ratingCount === 1 ? 'rating' : 'ratings'}`;
}

/** A star, the average and the count in brackets; read out as one phrase. */
export function Rating({ rating, ratingCount }: { rating: number; ratingCount: number }) {
  const label = ratingLabel(rating, ratingCount);
  if (ratingCount === 0) return <span className="text-sm text-base-content/70">{label}</span>;
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-1 text-sm">
      <Icon name="star" className="size-4 fill-warning text-warning" />
      <span className="font-semibold">{rating.toFixed(1)}</span>
      <span className="text-base-content/70">({ratingCount})</span>
    </span>
  );
}

/** Level, duration and lesson count, in a row that wraps. */
export function CourseFacts({ course }: { course: Pick<CourseCard, 'level' | 'durationMin' | 'lessonCount'> }) {
  return (
    <ul className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/70">
      <li className="inline-flex items-center gap-1">
        <Icon name="chart" className="size-4" />
        {course.level}
      </li>
      <li className="inline-flex items-center gap-1">
        <Icon name="clock" className="size-4" />
        {durationText(course.durationMin)}
      </li>
      <li className="inline-flex items-center gap-1">
        <Icon name="list" className="size-4" />
        {course.lessonCount} {course.lessonCount === 1 ? 'lesson' : 'lessons'}
      </li>
    </ul>
  );
}

/**
 * The cover, or a quiet block with the subject's icon when the course has none. Decorative: the title
 * is text beside it. Covers are 640×360 JPEGs; the size reserves their box before they arrive. A
 * `priority` cover (the first row of a grid, the page's largest image) is fetched at once and first;
 * the others wait until they come near the screen.
 */
export function CourseCover({ course, className = '', priority = false }: { course: Pick<CourseCard, 'coverUrl' | 'subject'>; className?: string; priority?: boolean }) {
  if (course.coverUrl) {
    return (
      <img
        src={course.coverUrl}
        alt=""
        width={640}
        height={360}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        className={`aspect-video h-auto w-full object-cover ${className}`}
      />
    );
  }
  return (
    <div aria-hidden="true" className={`grid aspect-video w-full place-items-center bg-primary/10 text-primary ${className}`}>
      <Icon name={course.subject === 'AI' ? 'sparkles' : course.subject === 'Kids' ? 'child' : 'book'} className="size-10" />
    </div>
  );
}
