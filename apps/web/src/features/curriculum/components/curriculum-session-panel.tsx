import { useId, useRef, useState, type FormEvent } from 'react';
import { LEVEL_TEST_MAX_SCORE, LEVEL_TEST_PASS_MARK, REVIEW_NOTE_MAX_CHARS } from '@parley/domain/curriculum';
import { errorMessage } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { useFocusWhenGone } from '../../../shared/lib/use-focus-hand-off';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';
import { useCurriculumSession, type CurriculumViewer } from '../api/get-curriculum-session';
import { useReviewCurriculumSession } from '../api/review-curriculum-session';

/**
 * A curriculum session's topic block (topic name and level, or certificate name and level) in a
 * session list; its tutor marks it here after it starts: completed or not (a topic) or a score
 * (a level test), with a short note for the learner.
 */
export function CurriculumSessionPanel({ sessionId, as }: { sessionId: string; as: CurriculumViewer }) {
  const session = useCurriculumSession(sessionId, as);
  // Saved, the form gives way to the mark: the focus Save mark held goes to it.
  const mark = useRef<HTMLParagraphElement>(null);
  useFocusWhenGone(session.data?.reviewable ?? false, mark);
  if (session.isPending) return <p className="text-sm text-base-content/70">Loading the topic…</p>;
  if (session.isError) return <p className="text-sm text-error">{errorMessage(session.error)}</p>;
  const { topic, review, reviewable } = session.data;
  return (
    <div className="space-y-2 rounded-box bg-base-200 p-3 text-sm" data-testid="curriculum-topic">
      <p>
        <span className="font-semibold">{topic.kind === 'topic' ? 'Topic' : 'Level test'}:</span> {topic.topicName ?? topic.certificateName} · Level {topic.level}
      </p>
      {review ? (
        <p ref={mark} tabIndex={-1} className="focus:outline-none focus-visible:outline-2">
          <span className="font-semibold">{topic.kind === 'topic' ? (review.completed ? 'Completed' : 'Not completed') : `Score ${review.score}/100 · ${review.completed ? 'passed' : 'not passed'}`}</span> — {review.note}
        </p>
      ) : null}
      {reviewable ? <ReviewForm sessionId={sessionId} kind={topic.kind === 'topic' ? 'topic' : 'levelTest'} /> : null}
    </div>
  );
}

/** What is wrong with the choice: a score is checked as it is typed, a missing choice or score once Save is pressed. */
function choiceProblem(kind: 'topic' | 'levelTest', score: string, tried: boolean): string | null {
  if (kind === 'levelTest' && score !== '') return `A whole number from 0 to ${LEVEL_TEST_MAX_SCORE}`;
  if (!tried) return null;
  return kind === 'topic' ? 'Choose Completed or Not completed.' : `Enter a score from 0 to ${LEVEL_TEST_MAX_SCORE}.`;
}

function ReviewForm({ sessionId, kind }: { sessionId: string; kind: 'topic' | 'levelTest' }) {
  const review = useReviewCurriculumSession(sessionId);
  const [completed, setCompleted] = useState<boolean | null>(null);
  const [score, setScore] = useState('');
  const [note, setNote] = useState('');
  const ids = useId();
  const choiceInput = useRef<HTMLInputElement>(null);
  const noteInput = useRef<HTMLTextAreaElement>(null);
  const once = useSingleFlight();
  // The same bounds the server holds (curriculumReviewPayload): a choice or a whole score out of 100, and a note.
  const scoreValue = Number(score);
  const scoreValid = score.trim() !== '' && Number.isInteger(scoreValue) && scoreValue >= 0 && scoreValue <= LEVEL_TEST_MAX_SCORE;
  const noteValid = note.trim().length >= 2;
  const choiceValid = kind === 'topic' ? completed !== null : scoreValid;
  // Save is never silently off: pressing it marks each missing part at its field and takes the focus to the first.
  const [tried, setTried] = useState(false);
  const choiceError = choiceValid ? null : choiceProblem(kind, score, tried);
  const noteError = tried && !noteValid ? 'Write a short note for the learner.' : null;
  const choiceErrorId = `${ids}-choice-error`;
  const noteErrorId = `${ids}-note-error`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!choiceValid) return choiceInput.current?.focus();
    if (!noteValid) return noteInput.current?.focus();
    const payload = kind === 'topic' ? { kind, completed: completed!, note } : { kind, score: scoreValue, note };
    // One save at a time: a double click's second press lands before the pending state renders.
    once((done) => review.mutate(payload, { onSuccess: () => notify.success('Saved'), onError: (error) => notify.failure(error), onSettled: done }));
  };
  const choiceProps = { 'aria-invalid': choiceError ? true : undefined, 'aria-describedby': choiceError ? choiceErrorId : undefined };
  const errorText = (id: string, text: string | null) =>
    text ? (
      <span id={id} className="mt-1 block text-sm text-error">
        {text}
      </span>
    ) : null;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-label="Mark this session">
      {kind === 'topic' ? (
        <fieldset>
          <legend className="mb-1 font-medium">Did the learner complete the topic?</legend>
          <div className="flex flex-wrap gap-4">
            <label className="flex items-center gap-2">
              <input ref={choiceInput} type="radio" className={`radio radio-sm ${choiceError ? 'radio-error' : ''}`} name={`${ids}-done`} checked={completed === true} onChange={() => setCompleted(true)} {...choiceProps} /> Completed
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" className={`radio radio-sm ${choiceError ? 'radio-error' : ''}`} name={`${ids}-done`} checked={completed === false} onChange={() => setCompleted(false)} {...choiceProps} /> Not completed
            </label>
          </div>
          {errorText(choiceErrorId, choiceError)}
        </fieldset>
      ) : (
        <label className="form-control max-w-xs">
          <span className="font-medium">
            Score out of {LEVEL_TEST_MAX_SCORE} (passes at {LEVEL_TEST_PASS_MARK})
          </span>
          <input
            ref={choiceInput}
            type="number"
            min={0}
            max={LEVEL_TEST_MAX_SCORE}
            step={1}
            className={`input input-bordered input-sm ${choiceError ? 'input-error' : ''}`}
            value={score}
            {...choiceProps}
            onChange={(e) => setScore(e.target.value)}
          />
          {errorText(choiceErrorId, choiceError)}
        </label>
      )}
      <label className="form-control">
        <span className="font-medium">Note for the learner (required)</span>
        <textarea
          ref={noteInput}
          className={`textarea textarea-bordered w-full ${noteError ? 'textarea-error' : ''}`}
          rows={2}
          maxLength={REVIEW_NOTE_MAX_CHARS}
          required
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? noteErrorId : undefined}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        {errorText(noteErrorId, noteError)}
      </label>
      <button type="submit" className="btn btn-primary btn-sm" aria-disabled={review.isPending || undefined}>
        {review.isPending ? 'Saving…' : 'Save mark'}
      </button>
    </form>
  );
}
