import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { SCHEDULE_WINDOW_DAYS } from '@parley/domain/constants';
import { CURRICULUM_SUBJECT } from '@parley/domain/curriculum';
import { messages } from '@parley/domain/messages';
import { addDaysToIsoDate, isoDateInZone } from '@parley/domain/zoned-time';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { getTutorSchedule } from '../../../shared/api/get-tutor-schedule';
import { getTutors } from '../../../shared/api/get-tutors';
import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { PageHeader } from '../../../shared/ui/empty-state';
import { BookingOverlay } from '../../../shared/ui/booking-overlay';
import { ConfirmSessionDialog } from '../../../shared/ui/confirm-session-dialog';
import { PageSkeleton } from '../../../shared/ui/loader';
import { NextFreeDateButton } from '../../../shared/ui/next-free-date';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useBookCurriculumSession } from '../api/book-curriculum-session';
import { useCurriculum } from '../api/get-curriculum';
import { CurriculumStepCard } from './curriculum-step-card';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';

type Slot = { start: string; end: string; startAt: string; timeView: string };

/**
 * /curriculumNew/bookSessionV2: the next topic (or level test), a curriculum tutor, a date and a slot;
 * confirmed, then booked with its topicId or certificateId and level under the booking overlay (spec §4).
 */
export function CurriculumBookPage() {
  const curriculum = useCurriculum();
  const { data: user } = useCurrentUser('learner');
  const timeZone = user?.timezone ?? 'UTC';
  const today = isoDateInZone(new Date(), timeZone);
  const [tutorId, setTutorId] = useState<string | null>(null);
  // The learner's pick, held while it is still today or later; else today in the learner's zone
  // (worked out again once their record comes, and when the day turns).
  const [picked, setDate] = useState<string | null>(null);
  const date = picked !== null && picked >= today ? picked : today;
  const [slot, setSlot] = useState<Slot | null>(null);
  const [confirming, setConfirming] = useState(false);
  const tutors = useQuery({ queryKey: ['tutors', 'learner', CURRICULUM_SUBJECT], queryFn: () => getTutors('learner', CURRICULUM_SUBJECT) });
  const chosenTutor = tutorId ?? tutors.data?.[0]?._id ?? null;
  const schedule = useQuery({
    queryKey: ['tutor-schedule', chosenTutor, date, timeZone, CURRICULUM_SUBJECT],
    queryFn: () => getTutorSchedule({ as: 'learner', teacherId: chosenTutor!, date, timeZone, subject: CURRICULUM_SUBJECT, forKids: false }),
    enabled: chosenTutor !== null && user !== undefined,
  });
  const book = useBookCurriculumSession();
  // A double click's second click would otherwise book again (and be told 409).
  const once = useSingleFlight();
  const navigate = useNavigate();
  const step = curriculum.data?.step;
  const bookable = step && (step.kind === 'topic' || step.kind === 'levelTest') && (curriculum.data?.plan?.sessionsLeft ?? 0) > 0;
  const what = step?.kind === 'topic' ? step.topic.title : step?.kind === 'levelTest' ? `${step.test.level} level test` : '';
  const level = step?.kind === 'topic' ? step.topic.level : step?.kind === 'levelTest' ? step.test.level : '';
  const canBook = Boolean(bookable && slot && chosenTutor && user && schedule.data);
  const dateField = useRef<HTMLSelectElement>(null);

  const showDate = (next: string) => {
    setDate(next);
    setSlot(null);
    // The date chosen for the user: the keyboard goes on from the field that shows it.
    dateField.current?.focus();
  };

  const onConfirm = () => {
    setConfirming(false);
    if (!bookable || !slot || !chosenTutor || !user || !schedule.data) return;
    const durationMin = schedule.data.durationMin;
    const target = step.kind === 'topic' ? { topicId: step.topic._id, level: step.topic.level } : { certificateId: step.test.certificateId, level: step.test.level };
    once((done) =>
      book.mutate(
        { startTime: slot.start, endTime: slot.end, startAt: slot.startAt, date, duration: durationMin, subject: CURRICULUM_SUBJECT, learnerId: user._id, teacherId: chosenTutor, timezone: timeZone, ...target },
        {
          onSuccess: () => {
            notify.success(`${messages.slotBooked}: ${formatCalendarDate(date)}, ${slot.timeView}`);
            void navigate('/curriculumNew');
          },
          onError: (error) => {
            notify.error(`${messages.bookingFailed} ${errorMessage(error)}`);
            // Someone took the time, or it went: the free times are asked again.
            if (isApiError(error) && (error.code === 'SLOT_TAKEN' || error.code === 'SLOT_UNAVAILABLE')) {
              setSlot(null);
              void schedule.refetch();
            }
          },
          onSettled: done,
        },
      ),
    );
  };

  return (
    <div className="space-y-6">
      <PageHeader title="Book a curriculum session" subtitle="Your next step on the path, with a tutor who teaches the curriculum." />
      {curriculum.isPending ? <PageSkeleton label="Loading your next step" /> : null}
      {curriculum.isError ? <RetryAlert message={errorMessage(curriculum.error)} onRetry={() => void curriculum.refetch()} retrying={curriculum.isFetching} /> : null}
      {step && !bookable && (step.kind === 'topic' || step.kind === 'levelTest') ? (
        <p role="status" className="alert alert-info">
          {curriculum.data?.plan ? 'Your curriculum plan has no sessions left. Get a plan to book your next step.' : 'You need a curriculum plan to book a session. Your next step is below.'}
        </p>
      ) : null}
      {step && !bookable ? <CurriculumStepCard step={step} canBook={false} /> : null}
      {step && bookable ? (
        <section aria-labelledby="book-title" className="card border border-base-300 bg-base-100">
          <div className="card-body gap-4">
            <h2 id="book-title" className="card-title">
              {what} · {level}
            </h2>
            {tutors.isError ? <RetryAlert message={errorMessage(tutors.error)} onRetry={() => void tutors.refetch()} retrying={tutors.isFetching} /> : null}
            {tutors.data?.length === 0 ? (
              <p role="status" className="alert alert-info">
                No tutor teaches the curriculum right now. Please check back later.
              </p>
            ) : null}
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <label className="form-control">
                <span className="label-text mb-1 font-medium">Tutor</span>
                <select
                  className="select select-bordered w-full"
                  value={chosenTutor ?? ''}
                  disabled={!tutors.data?.length}
                  onChange={(e) => (setTutorId(e.target.value), setSlot(null))}
                >
                  {tutors.isPending ? <option value="">Loading tutors…</option> : null}
                  {tutors.data?.length === 0 ? <option value="">No curriculum tutor yet</option> : null}
                  {tutors.data?.map((tutor) => (
                    <option key={tutor._id} value={tutor._id}>
                      {tutor.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="form-control">
                <span className="label-text mb-1 font-medium">Date</span>
                <select ref={dateField} className="select select-bordered w-full" value={date} onChange={(e) => (setDate(e.target.value), setSlot(null))}>
                  {Array.from({ length: SCHEDULE_WINDOW_DAYS }, (_, i) => addDaysToIsoDate(today, i)).map((day) => (
                    <option key={day} value={day}>
                      {formatCalendarDate(day)}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <fieldset>
              <legend className="mb-2 font-medium">Time ({timeZone})</legend>
              {schedule.isPending && chosenTutor ? (
                <div role="status" className="skeleton h-10 w-full">
                  <span className="sr-only">Loading free times</span>
                </div>
              ) : null}
              {schedule.isError ? <RetryAlert message={messages.teacherLoadFailed} onRetry={() => void schedule.refetch()} retrying={schedule.isFetching} /> : null}
              {schedule.data && schedule.data.slots.length === 0 ? (
                <div className="flex flex-wrap items-center gap-x-3">
                  <p className="text-base-content/70">{messages.teacherNotAvailableOnDate}</p>
                  <NextFreeDateButton date={schedule.data.nextFreeDate} onShow={showDate} />
                </div>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {schedule.data?.slots.map((s) => (
                  <button key={s.startAt} type="button" aria-pressed={slot?.startAt === s.startAt} className={`btn btn-sm ${slot?.startAt === s.startAt ? 'btn-primary' : 'btn-outline'}`} onClick={() => setSlot(s)}>
                    {s.timeView}
                  </button>
                ))}
              </div>
            </fieldset>
            <div className="card-actions items-center">
              {/* Wraps on a phone: the label carries the topic's name and the time. aria-disabled, not disabled: a
                  press keeps the focus while it books, and after a refusal that takes the time away. */}
              <button
                type="button"
                className="btn btn-primary h-auto min-h-10 max-w-full py-2 whitespace-normal"
                aria-disabled={!slot || book.isPending || undefined}
                onClick={() => canBook && !book.isPending && setConfirming(true)}
              >
                {book.isPending ? 'Booking…' : slot ? `Book ${what} at ${slot.timeView}` : 'Pick a time'}
              </button>
              <Link to="/curriculumNew" className="btn btn-ghost">
                Back
              </Link>
            </div>
          </div>
        </section>
      ) : null}
      {slot ? (
        <ConfirmSessionDialog
          open={confirming}
          heading={<p className="font-semibold">{`${what} · ${level}`}</p>}
          details={[{ label: 'Tutor', value: tutors.data?.find((t) => t._id === chosenTutor)?.name ?? '' }]}
          date={date}
          timeView={slot.timeView}
          timeZone={timeZone}
          // Step 4 of the spec's booking flow: a session is spent only once the learner says so.
          note="This uses one session of your curriculum plan."
          onCancel={() => setConfirming(false)}
          onConfirm={onConfirm}
        />
      ) : null}
      {book.isPending ? <BookingOverlay /> : null}
    </div>
  );
}
