import { Link } from 'react-router';
import type { CourseDetail, LessonKind } from '@parley/domain/courses';
import { Icon } from '../../../shared/ui/icon';

const kindLabels: Record<LessonKind, string> = { video: 'Video', pdf: 'PDF', text: 'Reading' };

type PlayerSyllabusProps = {
  modules: CourseDetail['modules'];
  currentLessonId: string | undefined;
  completedIds: ReadonlySet<string>;
  /** Closes the drawer on phones once a lesson is chosen. */
  onNavigate?: () => void;
};

/** The course's modules and lessons, each lesson a link with its completion tick or lock. */
export function PlayerSyllabus({ modules, currentLessonId, completedIds, onNavigate }: PlayerSyllabusProps) {
  return (
    <ol className="space-y-5">
      {modules.map((module) => (
        <li key={module._id}>
          <h3 className="px-2 text-xs font-semibold uppercase tracking-wide text-base-content/70">{module.title}</h3>
          <ol className="mt-1 space-y-0.5">
            {module.lessons.map((lesson) => {
              const current = lesson._id === currentLessonId;
              const done = completedIds.has(lesson._id);
              return (
                <li key={lesson._id}>
                  <Link
                    to={{ search: `?lesson=${encodeURIComponent(lesson._id)}` }}
                    aria-current={current ? 'page' : undefined}
                    onClick={onNavigate}
                    className={`flex items-start gap-2 rounded-field px-2 py-2 text-sm hover:bg-base-200 ${current ? 'bg-primary/10 font-semibold' : ''}`}
                  >
                    <span aria-hidden="true" className="mt-0.5 grid size-5 shrink-0 place-items-center">
                      {done ? (
                        <Icon name="check" className="size-4 text-success" />
                      ) : lesson.locked ? (
                        <Icon name="lock" className="size-4 text-base-content/70" />
                      ) : (
                        <span className="size-2.5 rounded-full border-2 border-base-content/60" />
                      )}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block">{lesson.title}</span>
                      <span className="block text-xs font-normal text-base-content/70">
                        {kindLabels[lesson.kind]} · {lesson.durationMin} min{lesson.isPreview ? ' · Preview' : ''}
                      </span>
                    </span>
                    {done ? <span className="sr-only">(completed)</span> : lesson.locked ? <span className="sr-only">(locked)</span> : null}
                  </Link>
                </li>
              );
            })}
          </ol>
        </li>
      ))}
    </ol>
  );
}
