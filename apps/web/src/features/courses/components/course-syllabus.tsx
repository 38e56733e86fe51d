import { Link } from 'react-router';
import type { CourseDetail, Lesson, LessonKind } from '@parley/domain/courses';
import { Badge } from '../../../shared/ui/badge';
import { Icon, type IconName } from '../../../shared/ui/icon';
import { isSignedInLearner } from '../lib/signed-in-learner';
import { durationText } from './course-facts';
import { lessonPath } from './course-paths';

const kindIcons: Record<LessonKind, IconName> = { video: 'video', pdf: 'news', text: 'text' };
const kindNames: Record<LessonKind, string> = { video: 'Video', pdf: 'PDF', text: 'Reading' };

/** Modules, each with its lessons: kind, title, duration, Preview for free ones and a lock on the rest until bought. */
export function CourseSyllabus({ course }: { course: Pick<CourseDetail, '_id' | 'modules' | 'owned'> }) {
  if (course.modules.length === 0) return <p className="text-sm text-base-content/70">The lessons of this course are not listed yet.</p>;
  return (
    <ol className="space-y-4">
      {course.modules.map((module, index) => (
        <li key={module._id} className="rounded-box border border-base-300 bg-base-100">
          <h3 className="flex flex-wrap items-baseline justify-between gap-2 border-b border-base-300 px-4 py-3 font-semibold">
            <span>
              <span className="text-base-content/70">Module {index + 1}: </span>
              {module.title}
            </span>
            <span className="text-sm font-normal text-base-content/70">
              {module.lessons.length} {module.lessons.length === 1 ? 'lesson' : 'lessons'}
            </span>
          </h3>
          <ul className="divide-y divide-base-300">
            {module.lessons.map((lesson) => (
              <LessonRow key={lesson._id} courseId={course._id} lesson={lesson} owned={course.owned} />
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function LessonRow({ courseId, lesson, owned }: { courseId: string; lesson: Lesson; owned: boolean }) {
  const previewOnly = lesson.isPreview && !owned;
  return (
    <li className="flex items-center gap-3 px-4 py-3 text-sm">
      <span className="text-primary">
        <Icon name={kindIcons[lesson.kind]} className="size-5" />
      </span>
      <span className="sr-only">{kindNames[lesson.kind]}:</span>
      <span className="min-w-0 flex-1">
        {lesson.locked ? (
          <span>{lesson.title}</span>
        ) : (
          <Link to={lessonPath(courseId, lesson._id)} className="link link-hover">
            {lesson.title}
            {/* A visitor's preview opens after the login page: the row says so before they get there. */}
            {previewOnly && !isSignedInLearner() ? (
              <span className="block text-xs text-base-content/70">
                <span className="sr-only">,</span> Free preview: log in to watch
              </span>
            ) : previewOnly ? (
              <span className="sr-only">, free preview</span>
            ) : null}
          </Link>
        )}
        {lesson.completed ? <span className="ml-2 text-success">
          <Icon name="check" className="inline size-4" />
          <span className="sr-only">Completed</span>
        </span> : null}
      </span>
      {previewOnly ? (
        <Badge variant="secondary" size="xs">
          Preview
        </Badge>
      ) : null}
      <span className="shrink-0 tabular-nums text-base-content/70">{durationText(lesson.durationMin)}</span>
      {lesson.locked ? (
        <span className="shrink-0 text-base-content/70">
          <Icon name="lock" className="size-4" />
          <span className="sr-only">Locked until you buy the course</span>
        </span>
      ) : null}
    </li>
  );
}
