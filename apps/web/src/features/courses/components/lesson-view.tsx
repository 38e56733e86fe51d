import { useEffect, useState, type Ref } from 'react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { Icon } from '../../../shared/ui/icon';
import { PdfViewer } from '../../../shared/ui/pdf-viewer';
import { useStartLesson } from '../api/start-lesson';
import type { PlacedLesson } from '../lib/course-lessons';
import { useLessonTime } from '../lib/use-lesson-time';
import { LockedLesson } from './locked-lesson';
import { TextLesson } from './text-lesson';
import { VideoLesson } from './video-lesson';

export const LESSON_REGION_ID = 'lesson';

type LessonViewProps = {
  courseId: string;
  placed: PlacedLesson;
  totalLessons: number;
  /** The viewer owns the course: time is recorded and the lesson can be marked complete. */
  owned: boolean;
  completed: boolean;
  previous: PlacedLesson | undefined;
  next: PlacedLesson | undefined;
  /** On the last lesson: the first one before it not yet completed, so the way on is not only the syllabus. */
  unfinished: PlacedLesson | undefined;
  headingRef: Ref<HTMLHeadingElement>;
  onStarted: () => void;
  onComplete: () => void;
  completing: boolean;
  completeError: unknown;
};

/** One lesson: its video, PDF or text (or why it is locked), and Mark complete for owners. */
export function LessonView({ courseId, placed, totalLessons, owned, completed, previous, next, unfinished, headingRef, onStarted, onComplete, completing, completeError }: LessonViewProps) {
  const { lesson } = placed;
  const tracked = owned && !lesson.locked;
  const time = useLessonTime({ courseId, lessonId: lesson._id, enabled: tracked, countsWhileVisible: lesson.kind !== 'video' });
  const { mutate: start } = useStartLesson();
  const [resumeAtSeconds, setResumeAtSeconds] = useState<number | null>(null);
  const notFinishedYet = isApiError(completeError) && completeError.code === 'LESSON_NOT_FINISHED' ? completeError.message : null;

  useEffect(() => {
    if (!tracked) return;
    start(
      { courseId, lessonId: lesson._id },
      {
        onSuccess: ({ positionSeconds }) => {
          setResumeAtSeconds(positionSeconds);
          onStarted();
        },
        // Without the stored position the video simply starts at the beginning.
        onError: () => setResumeAtSeconds(0),
      },
    );
  }, [tracked, courseId, lesson._id, start, onStarted]);

  return (
    <section id={LESSON_REGION_ID} tabIndex={-1} aria-labelledby="lesson-title" className="space-y-5 outline-none">
      <div>
        <p className="text-sm text-base-content/70">
          Lesson {placed.index + 1} of {totalLessons} · {placed.moduleTitle}
        </p>
        <h2 id="lesson-title" ref={headingRef} tabIndex={-1} className="mt-1 text-2xl font-bold tracking-tight outline-none">
          {lesson.title}
        </h2>
      </div>

      {lesson.locked ? (
        <LockedLesson courseId={courseId} />
      ) : lesson.kind === 'video' ? (
        lesson.mediaUrl ? (
          <VideoLesson
            title={lesson.title}
            src={lesson.mediaUrl}
            captionsUrl={lesson.captionsUrl}
            resumeAtSeconds={resumeAtSeconds}
            onPlayingChange={time.setActive}
            onPosition={time.setPosition}
            onStop={time.flush}
          />
        ) : (
          <p role="alert" className="rounded-box bg-base-200 p-6 text-center text-sm">
            This video is not available.
          </p>
        )
      ) : lesson.kind === 'pdf' ? (
        <PdfViewer url={lesson.mediaUrl} title={lesson.title} />
      ) : (
        <TextLesson text={lesson.text} />
      )}

      {tracked ? (
        <div className="flex flex-wrap items-center gap-3 border-t border-base-300 pt-4">
          {completed ? (
            <p className="flex items-center gap-2 font-medium text-success">
              <Icon name="check" className="size-5" /> Lesson completed
            </p>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              aria-disabled={completing || undefined}
              onClick={() => {
                if (completing) return;
                time.flush();
                onComplete();
              }}
            >
              {completing ? 'Saving…' : 'Mark complete'}
            </button>
          )}
          <span className="flex min-w-0 max-w-full flex-wrap gap-2">
            {previous ? (
              <Link to={lessonSearch(previous)} className="btn btn-ghost" aria-label={`Previous lesson: ${previous.lesson.title}`}>
                ← Previous lesson
              </Link>
            ) : null}
            {next ? (
              <Link to={lessonSearch(next)} className="btn btn-ghost" aria-label={`Next lesson: ${next.lesson.title}`}>
                Next lesson →
              </Link>
            ) : unfinished ? (
              <Link to={lessonSearch(unfinished)} className="btn btn-ghost h-auto min-h-10 max-w-full py-2 text-left whitespace-normal">
                Not yet completed: {unfinished.lesson.title} →
              </Link>
            ) : null}
          </span>
          {/* Too early is not a failure: the note says how long is left, and the lesson stays as it was. */}
          <p role="status" className="w-full text-sm text-base-content/80 empty:hidden">
            {notFinishedYet}
          </p>
          {completeError && !notFinishedYet ? (
            <p role="alert" className="w-full text-sm text-error">
              {errorMessage(completeError)}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

const lessonSearch = (placed: PlacedLesson) => ({ search: `?lesson=${encodeURIComponent(placed.lesson._id)}` });
