import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { progressPercent, type CourseDetail } from '@parley/domain/courses';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { Drawer } from '../../../shared/ui/drawer';
import { PageSkeleton } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { usePageTitle } from '../../../shared/lib/page-title';
import { useCompleteLesson } from '../api/complete-lesson';
import { useCourseData } from '../api/get-course-data';
import { useCourseProgress } from '../api/get-course-progress';
import { courseLessons, lessonToOpen } from '../lib/course-lessons';
import { certificatePath, MY_COURSES_PATH } from '../lib/learning-paths';
import { coursePath } from './course-paths';
import { CourseRatingForm } from './course-rating-form';
import { LESSON_REGION_ID, LessonView } from './lesson-view';
import { PlayerSyllabus } from './player-syllabus';

/** /AICourses/{id}[?lesson=]: the full-screen course player, without the navigation shell (spec §2.8). */
export function AiCoursePage() {
  const { id = '' } = useParams();
  const course = useCourseData(id);
  // The player names the open lesson and its course; until the course is in, the tab says Course.
  usePageTitle(course.data ? undefined : 'Course');

  if (course.isPending) return <PageSkeleton label="Loading course" />;
  if (course.isError) {
    const missing = isApiError(course.error) && (course.error.status === 404 || course.error.status === 400);
    return (
      <div className="mx-auto max-w-3xl space-y-4 p-4 lg:p-8">
        <Link to={MY_COURSES_PATH} className="btn btn-ghost btn-sm">
          ← My courses
        </Link>
        <h1 className="text-2xl font-bold">Course</h1>
        {missing ? (
          <p role="alert" className="alert alert-warning alert-soft">
            This course is not available. It may have been removed, or the link is wrong.
          </p>
        ) : (
          <RetryAlert message={errorMessage(course.error)} onRetry={() => void course.refetch()} retrying={course.isFetching} />
        )}
      </div>
    );
  }
  return <CoursePlayer course={course.data} />;
}

/** Jumps past the header and the syllabus to the lesson (the shell's skip link is not here). */
function SkipToLesson() {
  const focusLesson = (event: MouseEvent<HTMLAnchorElement>) => {
    const lesson = document.getElementById(LESSON_REGION_ID);
    if (!lesson) return;
    event.preventDefault();
    lesson.focus();
  };
  return (
    <a href={`#${LESSON_REGION_ID}`} onClick={focusLesson} className="btn btn-sm btn-primary sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[60]">
      Skip to lesson
    </a>
  );
}

function CoursePlayer({ course }: { course: CourseDetail }) {
  // Open through a course subscription, the lessons play and count the same as bought ones.
  const owned = course.owned || course.inSubscription;
  const progress = useCourseProgress(course._id, owned);
  const complete = useCompleteLesson();
  const [search, setSearch] = useSearchParams();
  const [syllabusOpen, setSyllabusOpen] = useState(false);
  const [started, setStarted] = useState(false);
  const [issuedCertificateId, setIssuedCertificateId] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const lessons = useMemo(() => courseLessons(course), [course]);
  const current = lessonToOpen(lessons, search.get('lesson'), course.resumeLessonId ?? progress.data?.resumeLessonId ?? null);
  const currentId = current?.lesson._id;
  const next = current ? lessons[current.index + 1] : undefined;
  usePageTitle(current ? `${current.lesson.title} · ${course.title}` : course.title);

  const completedIds = useMemo(() => {
    const ids = new Set(lessons.filter(({ lesson }) => lesson.completed).map(({ lesson }) => lesson._id));
    for (const lesson of progress.data?.lessons ?? []) if (lesson.completed) ids.add(lesson.lessonId);
    return ids;
  }, [lessons, progress.data]);
  const completedCount = lessons.filter(({ lesson }) => completedIds.has(lesson._id)).length;
  const previous = current ? lessons[current.index - 1] : undefined;
  const unfinished = current && !next ? lessons.find(({ lesson }) => lesson._id !== current.lesson._id && !completedIds.has(lesson._id)) : undefined;
  const percent = progressPercent(completedCount, lessons.length);
  const certificateId = issuedCertificateId ?? progress.data?.certificateId ?? course.certificateId;

  // The lesson opened without ?lesson (where the learner left off) is pinned in the URL, so the
  // view stays on it while progress refreshes.
  useEffect(() => {
    if (currentId && search.get('lesson') !== currentId) {
      setSearch(
        (params) => {
          params.set('lesson', currentId);
          return params;
        },
        { replace: true },
      );
    }
  }, [currentId, search, setSearch]);

  // WCAG 2.4.3: a new lesson (chosen in the syllabus, or after Mark complete) starts at its heading.
  const shownLesson = useRef(currentId);
  useEffect(() => {
    if (shownLesson.current !== undefined && shownLesson.current !== currentId) heading.current?.focus();
    shownLesson.current = currentId;
  }, [currentId]);

  const onStarted = useCallback(() => setStarted(true), []);
  const onComplete = () => {
    if (!current) return;
    const hadCertificate = certificateId !== null;
    complete.mutate(
      { courseId: course._id, lessonId: current.lesson._id },
      {
        onSuccess: (answer) => {
          if (answer.certificateId && !hadCertificate) setIssuedCertificateId(answer.certificateId);
          if (next) setSearch({ lesson: next.lesson._id });
        },
      },
    );
  };

  const back = owned ? { to: MY_COURSES_PATH, label: 'My courses' } : { to: coursePath(course._id), label: 'Course page' };
  const mayRate = owned && (started || course.myRating !== null || (progress.data?.lessons.length ?? 0) > 0);

  return (
    <div className="flex min-h-screen flex-col bg-base-200/50">
      <SkipToLesson />
      {/* Sticky while the screen is tall enough; on a short one (a phone on its side, 200 % zoom) it scrolls away and leaves the lesson the room. */}
      <div className="sticky top-0 z-30 border-b border-base-300 bg-base-100 px-4 py-3 lg:px-8 [@media(max-height:30rem)]:static">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Link to={back.to} className="btn btn-ghost btn-sm">
            ← {back.label}
          </Link>
          {/* Below the lg breakpoint the title has a line of its own (two at most); beside the controls a phone would cut it to a word. */}
          <h1 className="line-clamp-2 min-w-0 basis-full text-lg font-bold lg:line-clamp-none lg:flex-1 lg:basis-0 lg:truncate">{course.title}</h1>
          {owned ? (
            <div className="flex items-center gap-2">
              <label htmlFor="course-progress" className="text-sm tabular-nums">
                {completedCount} of {lessons.length} lessons · {percent} %
              </label>
              <progress id="course-progress" className="progress progress-primary w-24 sm:w-32" value={percent} max={100} />
            </div>
          ) : null}
          {certificateId && !issuedCertificateId ? (
            <Link to={certificatePath(certificateId)} className="btn btn-outline btn-sm">
              Certificate
            </Link>
          ) : null}
          <button type="button" className="btn btn-outline btn-sm lg:hidden" aria-haspopup="dialog" aria-expanded={syllabusOpen} onClick={() => setSyllabusOpen(true)}>
            Course content
          </button>
        </div>
      </div>

      <div className="flex flex-1">
        <nav aria-labelledby="syllabus-title" className="hidden w-80 shrink-0 border-r border-base-300 bg-base-100 lg:block">
          {/* Stays beside a long lesson, below the sticky header (on a short screen the header scrolls away, and so does this). */}
          <div className="sticky top-16 max-h-[calc(100vh-4rem)] overflow-y-auto p-4 [@media(max-height:30rem)]:static [@media(max-height:30rem)]:max-h-none">
            <h2 id="syllabus-title" className="mb-3 px-2 text-base font-semibold">
              Course content
            </h2>
            <PlayerSyllabus modules={course.modules} currentLessonId={currentId} completedIds={completedIds} />
          </div>
        </nav>

        <div className="min-w-0 flex-1 space-y-6 p-4 lg:p-8">
          <div role="status" aria-live="polite">
            {issuedCertificateId ? (
              <div className="alert alert-success alert-soft flex flex-wrap">
                <span aria-hidden="true" className="text-2xl">
                  🎉
                </span>
                <p className="flex-1">
                  <strong>Congratulations!</strong> You finished {course.title} and earned a certificate.
                </p>
                <Link to={certificatePath(issuedCertificateId)} className="btn btn-success btn-sm">
                  View your certificate
                </Link>
              </div>
            ) : null}
          </div>
          {progress.isError ? <RetryAlert message={errorMessage(progress.error)} onRetry={() => void progress.refetch()} retrying={progress.isFetching} /> : null}

          {current ? (
            <LessonView
              key={current.lesson._id}
              courseId={course._id}
              placed={current}
              totalLessons={lessons.length}
              owned={owned}
              completed={completedIds.has(current.lesson._id)}
              previous={previous}
              next={next}
              unfinished={unfinished}
              headingRef={heading}
              onStarted={onStarted}
              onComplete={onComplete}
              completing={complete.isPending}
              completeError={complete.isError && complete.variables.lessonId === current.lesson._id ? complete.error : null}
            />
          ) : (
            <section id={LESSON_REGION_ID} tabIndex={-1} className="outline-none">
              <h2 className="text-xl font-semibold">No lessons yet</h2>
              <p className="text-base-content/70">This course has no lessons to show.</p>
            </section>
          )}

          {mayRate ? <CourseRatingForm courseId={course._id} myRating={course.myRating} /> : null}
        </div>
      </div>

      <Drawer open={syllabusOpen} onClose={() => setSyllabusOpen(false)} title="Course content" side="left" widthPx={320}>
        <div className="p-4">
          <PlayerSyllabus modules={course.modules} currentLessonId={currentId} completedIds={completedIds} onNavigate={() => setSyllabusOpen(false)} />
        </div>
      </Drawer>
    </div>
  );
}
