import { useId, useState, type FormEvent } from 'react';
import { LEVEL_TEST_MAX_SCORE, LEVEL_TEST_PASS_MARK, REVIEW_NOTE_MAX_CHARS } from '@parley/domain/curriculum';
import { errorMessage } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { useCurriculumSession, type CurriculumViewer } from '../api/get-curriculum-session';
import { useReviewCurriculumSession } from '../api/review-curriculum-session';

/**
 * A curriculum session's topic block (topic name and level, or certificate name and level) in a
 * session list; its tutor marks it here after it starts: completed or not (a topic) or a score
 * (a level test), with a short note for the learner.
 */
export function CurriculumSessionPanel({ sessionId, as }: { sessionId: string; as: CurriculumViewer }) {
  const session = useCurriculumSession(sessionId, as);
  if (session.isPending) return <p className="text-sm text-base-content/70">Loading the topic…</p>;
  if (session.isError) return <p className="text-sm text-error">{errorMessage(session.error)}</p>;
  const { topic, review, reviewable } = session.data;
  return (
    <div className="space-y-2 rounded-box bg-base-200 p-3 text-sm" data-testid="curriculum-topic">
      <p>
        <span className="font-semibold">{topic.kind === 'topic' ? 'Topic' : 'Level test'}:</span> {topic.topicName ?? topic.certificateName} · Level {topic.level}
      </p>
      {review ? (
        <p>
          <span className="font-semibold">{topic.kind === 'topic' ? (review.completed ? 'Completed' : 'Not completed') : `Score ${review.score}/100 · ${review.completed ? 'passed' : 'not passed'}`}</span> — {review.note}
        </p>
      ) : null}
      {reviewable ? <ReviewForm sessionId={sessionId} kind={topic.kind === 'topic' ? 'topic' : 'levelTest'} /> : null}
    </div>
  );
}

function ReviewForm({ sessionId, kind }: { sessionId: string; kind: 'topic' | 'levelTest' }) {
  const review = useReviewCurriculumSession(sessionId);
  const [completed, setCompleted] = useState<boolean | null>(null);
  const [score, setScore] = useState('');
  const [note, setNote] = useState('');
  const ids = useId();
  // The same bounds the server holds (curriculumReviewPayload): a choice or a whole score out of 100, and a note.
  const scoreValue = Number(score);
  const scoreValid = score.trim() !== '' && Number.isInteger(scoreValue) && scoreValue >= 0 && scoreValue <= LEVEL_TEST_MAX_SCORE;
  const noteValid = note.trim().length >= 2;
  const choiceValid = kind === 'topic' ? completed !== null : scoreValid;
  // Save is never silently off: pressing it names what is missing, next to it.
  const [tried, setTried] = useState(false);
  const missing = [
    ...(choiceValid ? [] : [kind === 'topic' ? 'Choose Completed or Not completed.' : `Enter a score from 0 to ${LEVEL_TEST_MAX_SCORE}.`]),
    ...(noteValid ? [] : ['Write a short note for the learner.']),
  ];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing.length > 0) return;
    const payload = kind === 'topic' ? { kind, completed: completed!, note } : { kind, score: scoreValue, note };
    review.mutate(payload, { onSuccess: () => notify.success('Saved'), onError: (error) => notify.failure(error) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label="Mark this session">
      {kind === 'topic' ? (
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 font-medium">Did the learner complete the topic?</legend>
          <label className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${ids}-done`} checked={completed === true} onChange={() => setCompleted(true)} /> Completed
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" className="radio radio-sm" name={`${ids}-done`} checked={completed === false} onChange={() => setCompleted(false)} /> Not completed
          </label>
        </fieldset>
      ) : (
        <label className="form-control max-w-xs">
          <span className="font-medium">
            Score out of {LEVEL_TEST_MAX_SCORE} (passes at {LEVEL_TEST_PASS_MARK})
          </span>
          <input
            type="number"
            min={0}
            max={LEVEL_TEST_MAX_SCORE}
            step={1}
            className="input input-bordered input-sm"
            value={score}
            aria-invalid={score !== '' && !scoreValid}
            aria-describedby={score !== '' && !scoreValid ? `${ids}-score-error` : undefined}
            onChange={(e) => setScore(e.target.value)}
          />
          {score !== '' && !scoreValid ? (
            <span id={`${ids}-score-error`} className="mt-1 text-error">
              A whole number from 0 to {LEVEL_TEST_MAX_SCORE}
            </span>
          ) : null}
        </label>
      )}
      <label className="form-control">
        <span className="font-medium">Note for the learner (required)</span>
        <textarea
          className="textarea textarea-bordered w-full"
          rows={2}
          maxLength={REVIEW_NOTE_MAX_CHARS}
          required
          aria-invalid={tried && !noteValid}
          aria-describedby={tried && !noteValid ? `${ids}-missing` : undefined}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {tried && missing.length > 0 ? (
        // The alert wraps the list: on the list itself it would replace the list role its items need.
        <div id={`${ids}-missing`} role="alert" className="text-error">
          <ul>
            {missing.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <button type="submit" className="btn btn-primary btn-sm" disabled={review.isPending} aria-describedby={tried && missing.length > 0 ? `${ids}-missing` : undefined}>
        {review.isPending ? 'Saving…' : 'Save mark'}
      </button>
    </form>
  );
}
