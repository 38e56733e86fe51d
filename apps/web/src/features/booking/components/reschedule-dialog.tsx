import { useId, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BookingSubject, ScheduleResponse, SessionItem } from '@parley/domain/booking';
import { cancellationNotice, lateCancelFrom, movedIntoLateWindow, movedNotice } from '@parley/domain/live-sessions';
import { messages } from '@parley/domain/messages';
import { scheduleDates } from '@parley/domain/slots';
import { useCancelPreview } from '../../../shared/api/get-cancel-preview';
import { formatCalendarDate, formatInstant } from '../../../shared/lib/calendar-date';
import { answerLost, isApiError } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';
import { useNow } from '../../../shared/lib/use-now';
import { Spinner } from '../../../shared/ui/loader';
import { Modal } from '../../../shared/ui/modal';
import { NoFreeTime } from '../../../shared/ui/next-free-date';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { busySlotStarts, useOwnUpcomingSessions } from '../../tutors/api/get-own-sessions';
import { tutorSchedulesKey, useSchedule } from '../../tutors/api/get-schedule';
import { useScheduleLive } from '../../tutors/api/use-schedule-live';
import { findBookedSession } from '../api/find-booked-session';
import { useRescheduleSession } from '../api/reschedule-session';
import type { BookerAs } from '../lib/booker';
import { refreshSessions } from '../lib/refresh-sessions';

const MINUTE_MS = 60_000;

type Props = {
  as: BookerAs;
  /** The learner or kid the session belongs to (keys the schedule cache like the tutor panel does). */
  ownerId: string;
  session: SessionItem;
  subject: BookingSubject;
  timeZone: string;
  open: boolean;
  onClose: () => void;
};

/** The session's time in words, in the viewer's timezone: 'Tue, 12 Mar 2030 at 10:00 AM'. */
export const sessionWhen = (startAt: string, timeZone: string) => `${formatInstant(startAt, timeZone, 'EEE, d MMM yyyy')} at ${formatInstant(startAt, timeZone, 'h:mm a')}`;

/**
 * Moving a session to another free slot of the same tutor and subject. The server cancels and
 * books in one step: if it fails, the old booking stands, and the dialog says so.
 */
export function RescheduleDialog({ open, onClose, ...rest }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open={open} onClose={() => (busy ? undefined : onClose())} title={rest.session.type === 'Demo' ? 'Reschedule demo session' : 'Reschedule session'} size="md">
      <RescheduleBody {...rest} onClose={onClose} onBusy={setBusy} />
    </Modal>
  );
}

function RescheduleBody({ as, ownerId, session, subject, timeZone, onClose, onBusy }: Omit<Props, 'open'> & { onBusy: (busy: boolean) => void }) {
  const queryClient = useQueryClient();
  const now = useNow(MINUTE_MS);
  const dates = scheduleDates({ now, viewerTimeZone: timeZone });
  // Opens on the session's own day (moving a class is mostly to another time nearby), else today.
  const [picked, setPicked] = useState<{ date: string; startAt: string | null }>(() => ({ date: formatInstant(session.startAt, timeZone, 'yyyy-MM-dd'), startAt: null }));
  const date = dates.includes(picked.date) ? picked.date : dates[0]!;
  const viewer = { as, id: ownerId };
  const schedule = useSchedule({ ...viewer, timeZone, subject, forKids: session.forKids, teacherId: session.teacher._id, date });
  // Someone else may book (or the tutor change) a time while this is open: the list follows.
  useScheduleLive(viewer, session.teacher._id);
  const preview = useCancelPreview(as, session._id, true);
  const reschedule = useRescheduleSession(as);
  const dateId = useId();
  const dateField = useRef<HTMLSelectElement>(null);
  // The learner's (or kid's) other sessions, with any tutor: a time one of them overlaps would be refused.
  const own = useOwnUpcomingSessions(viewer);
  const busy = useMemo(() => busySlotStarts(schedule.data, own.data ?? [], session._id), [schedule.data, own.data, session._id]);
  const slot = (picked.startAt && !busy.has(picked.startAt) && schedule.data?.slots.find((s) => new Date(s.startAt).toISOString() === picked.startAt)) || null;
  // The time picked went from the live schedule (someone else booked it): said, or the choice just vanishes.
  const pickedGone = picked.startAt !== null && schedule.data !== undefined && slot === null;
  const oldWhen = sessionWhen(session.startAt, timeZone);
  const demo = session.type === 'Demo';
  // Late by the server's clock (its preview) or, with the dialog left open, by now on this one.
  const oldLate = preview.data?.refunded === false || lateCancelFrom(new Date(session.startAt), now);

  const once = useSingleFlight();
  const moved = (message: string) => {
    notify.success(message);
    refreshSessions(queryClient, as, ownerId);
    void queryClient.invalidateQueries({ queryKey: tutorSchedulesKey(viewer, session.teacher._id) });
    onClose();
  };
  const confirm = () => {
    if (!slot) return;
    once((done) => {
      onBusy(true);
      reschedule.mutate(
        { sessionId: session._id, startTime: slot.startAt, endTime: slot.endAt, timezone: timeZone },
        {
          onSuccess: (result) => moved(result.message),
          onError: (error) => {
            // The session itself went meanwhile (cancelled or moved in another window, or started): nothing is left to move.
            if (isApiError(error) && error.code === 'CONFLICT') {
              notify.info(error.message);
              refreshSessions(queryClient, as, ownerId);
              return onClose();
            }
            // The slot may have been taken meanwhile: show what is free now.
            const showFree = () => {
              setPicked((p) => ({ ...p, startAt: null }));
              void queryClient.invalidateQueries({ queryKey: tutorSchedulesKey(viewer, session.teacher._id) });
            };
            if (!answerLost(error)) return showFree();
            // The answer was lost, not necessarily the move: a session found at the new time is a move made.
            void findBookedSession({ as, ownerId, teacherId: session.teacher._id, startAt: slot.startAt })
              .catch(() => null)
              .then((found) => (found ? moved(movedNotice(demo)) : showFree()));
          },
          onSettled: () => {
            done();
            onBusy(false);
          },
        },
      );
    });
  };

  return (
    <div className="space-y-4">
      <p>
        {session.subject} with {session.teacher.name}, now on {oldWhen}. Pick a new time with the same tutor; times are in {timeZone}.
      </p>
      <div aria-live="polite">
        {oldLate ? (
          <p data-testid="reschedule-preview" className="alert alert-warning alert-soft text-sm">
            {/* The notice is a sentence of its own (domain cancellationNotice), not the spec's words. */}
            Moving it counts as cancelling. {cancellationNotice('learner', false, demo)}
            {demo ? ' The new time takes a session.' : null}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={dateId} className="mb-1 block text-sm font-medium">
          Date
        </label>
        <select ref={dateField} id={dateId} className="select select-bordered w-full" value={date} onChange={(event) => setPicked({ date: event.target.value, startAt: null })} disabled={reschedule.isPending}>
          {dates.map((d, index) => (
            <option key={d} value={d}>
              {index === 0 ? `Today, ${formatCalendarDate(d, 'd MMM')}` : index === 1 ? `Tomorrow, ${formatCalendarDate(d, 'd MMM')}` : formatCalendarDate(d, 'EEE, d MMM')}
            </option>
          ))}
        </select>
      </div>
      <FreeSlots
        schedule={schedule}
        isToday={date === dates[0]}
        dateLabel={formatCalendarDate(date, 'EEE, d MMM')}
        selected={slot ? picked.startAt : null}
        busy={busy}
        disabled={reschedule.isPending}
        onSelect={(startAt) => setPicked({ date, startAt })}
        onShowDate={(next) => {
          setPicked({ date: next, startAt: null });
          // The date chosen for the user: the keyboard goes on from the field that shows it.
          dateField.current?.focus();
        }}
      />
      <div aria-live="assertive">{pickedGone ? <p className="alert alert-warning alert-soft text-sm">{messages.pickedTimeGone}</p> : null}</div>
      <div aria-live="polite">
        {slot && lateCancelFrom(new Date(slot.startAt), now) ? (
          <p data-testid="reschedule-late-window" className="alert alert-warning alert-soft text-sm">
            {/* Moved in time, a demo stays one; moved late, the new time is an ordinary session. */}
            {movedIntoLateWindow(demo && !oldLate)}
          </p>
        ) : null}
      </div>
      {reschedule.isError ? (
        <p role="alert" className="alert alert-error alert-soft text-sm">
          {reschedule.error.message}
          {/* A lost answer says nothing of the old booking: the move may have been made (then the dialog closes). */}
          {answerLost(reschedule.error) ? null : ` Your ${demo ? 'demo' : 'session'} on ${oldWhen} is still booked.`}
        </p>
      ) : null}
      {/* On a phone the free times run long: the buttons stay in view at the dialog's foot. */}
      <div className="sticky -bottom-6 -mx-6 flex flex-wrap justify-end gap-2 border-t border-base-300 bg-base-100 px-6 py-3 sm:static sm:mx-0 sm:border-0 sm:px-0 sm:pb-0 sm:pt-2">
        <button type="button" className="btn btn-ghost max-sm:btn-sm" onClick={onClose} disabled={reschedule.isPending}>
          Keep current time
        </button>
        <button type="button" className="btn btn-primary max-sm:btn-sm" onClick={confirm} aria-disabled={!slot || reschedule.isPending || undefined}>
          {reschedule.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Move session
        </button>
      </div>
    </div>
  );
}

type FreeSlotsProps = {
  schedule: ReturnType<typeof useSchedule>;
  isToday: boolean;
  dateLabel: string;
  selected: string | null;
  /** Times the viewer has another session at: shown, never offered. */
  busy: ReadonlySet<string>;
  disabled: boolean;
  onSelect: (startAt: string) => void;
  /** Shows another date (the next one with free time, from a date without any). */
  onShowDate: (date: string) => void;
};

/** The tutor's free slots on the date as radio buttons (arrow keys move between them); a busy time is a disabled one, saying why. */
function FreeSlots({ schedule, isToday, dateLabel, selected, busy, disabled, onSelect, onShowDate }: FreeSlotsProps) {
  const name = useId();
  if (schedule.isPending) return <Spinner label="Loading free times" />;
  if (schedule.isError) return <RetryAlert message={messages.teacherLoadFailed} onRetry={() => schedule.refetch()} retrying={schedule.isFetching} />;
  const data: ScheduleResponse = schedule.data;
  if (data.isBlocked || data.slots.length === 0) {
    return <NoFreeTime schedule={data} isToday={isToday} onShowDate={disabled ? undefined : onShowDate} />;
  }
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">Free times on {dateLabel}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {data.slots.map((s) => {
          const startAt = new Date(s.startAt).toISOString();
          const checked = startAt === selected;
          if (busy.has(startAt)) {
            return (
              <label key={startAt} className="flex cursor-not-allowed items-center gap-2 rounded-box border border-dashed border-base-300 bg-base-200 px-3 py-2 text-sm text-base-content/80">
                <input type="radio" className="radio radio-sm" name={name} value={startAt} disabled />
                <span>
                  {s.timeView} <span className="block text-xs">You have a session then</span>
                </span>
              </label>
            );
          }
          return (
            <label key={startAt} className={`flex cursor-pointer items-center gap-2 rounded-box border px-3 py-2 text-sm ${checked ? 'border-primary bg-primary/10 font-semibold' : 'border-base-300'}`}>
              <input type="radio" className="radio radio-primary radio-sm" name={name} value={startAt} checked={checked} disabled={disabled} onChange={() => onSelect(startAt)} />
              {s.timeView}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
