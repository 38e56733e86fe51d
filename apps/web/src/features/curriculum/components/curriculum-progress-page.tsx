import { Link } from 'react-router';
import type { CurriculumProgress } from '@parley/domain/curriculum';
import { errorMessage } from '../../../shared/lib/http';
import { formatInstant } from '../../../shared/lib/calendar-date';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { Badge, type BadgeVariant } from '../../../shared/ui/badge';
import { PageHeader } from '../../../shared/ui/empty-state';
import { PageSkeleton } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useCurriculumProgress } from '../api/get-curriculum-progress';

type Level = CurriculumProgress['levels'][number];
const levelBadge: Record<Level['status'], [BadgeVariant, string]> = { passed: ['success', 'Passed'], current: ['primary', 'In progress'], locked: ['neutral', 'Locked'] };
const topicBadge: Record<Level['topics'][number]['state'], [BadgeVariant, string]> = {
  completed: ['success', 'Completed'],
  booked: ['primary', 'Booked'],
  marking: ['warning', 'Awaiting your tutor’s mark'],
  open: ['neutral', 'To do'],
};
const testText: Record<Level['test']['state'], string> = {
  locked: 'Unlocks when every topic of the level is completed.',
  open: 'Unlocked: book it from your curriculum.',
  booked: 'Booked: your tutor marks it after the session.',
  marking: 'Taken: awaiting your tutor’s mark.',
  passed: 'Passed.',
};

/** /curriculumNew/progress (and /learner/my-courses, labelled Curriculum): topics done, level progress, the tutors' notes, tests and certificates. */
export function CurriculumProgressPage({ title = 'Progress' }: { title?: string }) {
  const progress = useCurriculumProgress();
  const { data: user } = useCurrentUser('learner');
  const timeZone = user?.timezone ?? 'UTC';
  return (
    <div className="space-y-6">
      <PageHeader title={title} subtitle="Topics completed, level by level, with your tutors’ notes." />
      {progress.isPending ? <PageSkeleton label="Loading your progress" /> : null}
      {progress.isError ? <RetryAlert message={errorMessage(progress.error)} onRetry={() => void progress.refetch()} retrying={progress.isFetching} /> : null}
      {progress.data?.levels.map((level) => (
        <section key={level.code} aria-labelledby={`level-${level.code}`} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-4">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id={`level-${level.code}`} className="card-title text-xl">
                {level.code} · {level.title}
              </h2>
              <Badge variant={levelBadge[level.status][0]}>{levelBadge[level.status][1]}</Badge>
            </div>
            <p className="text-base-content/80">{level.summary}</p>
            <div>
              <p className="text-sm font-medium">
                {level.completed} of {level.total} topics completed
              </p>
              <progress className="progress progress-primary w-full" value={level.percent} max={100} aria-label={`${level.code}: ${level.percent}% of topics completed`} />
            </div>
            <ol className="space-y-3" aria-label={`${level.code} topics`}>
              {level.topics.map((topic) => (
                <li key={topic._id} className="rounded-box border border-base-300 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium">
                      {topic.position}. {topic.title}
                    </p>
                    <Badge variant={topicBadge[topic.state][0]}>{topicBadge[topic.state][1]}</Badge>
                  </div>
                  <p className="text-sm text-base-content/70">{topic.goal}</p>
                  {topic.reviews.map((review) => (
                    <blockquote key={review.reviewedAt} className="mt-2 border-l-4 border-primary/40 pl-3 text-sm">
                      <p>{review.note}</p>
                      <footer className="text-base-content/70">
                        {review.tutorName} · {review.completed ? 'completed' : 'not completed yet'} · {formatInstant(review.reviewedAt, timeZone, 'd MMM yyyy')}
                      </footer>
                    </blockquote>
                  ))}
                </li>
              ))}
            </ol>
            <div className="rounded-box bg-base-200 p-3">
              <h3 className="font-semibold">Level test</h3>
              <p className="text-sm">{testText[level.test.state]}</p>
              {level.test.reviews.map((review) => (
                <p key={review.reviewedAt} className="mt-1 text-sm">
                  Score {review.score}/100 ({review.completed ? 'passed' : 'not passed'}) · {review.note} — {review.tutorName}
                </p>
              ))}
              {level.certificate ? (
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                  <a href={level.certificate.pdfUrl} target="_blank" rel="noreferrer" className="btn btn-primary btn-sm">
                    Open the {level.code} certificate (PDF)
                  </a>
                  <Link to={level.certificate.verifyPath} className="link">
                    Check code {level.certificate.code}
                  </Link>
                </p>
              ) : null}
            </div>
          </div>
        </section>
      ))}
    </div>
  );
}
