import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ScheduleResponse, TeacherCard } from '@parley/domain/booking';
import { notTaughtText, teaches } from '@parley/domain/kids';
import { messages } from '@parley/domain/messages';
import { groupSlots, scheduleDates } from '@parley/domain/slots';
import { useNow } from '../../../shared/lib/use-now';
import { busySlotStarts, useOwnUpcomingSessions } from '../api/get-own-sessions';
import { tutorSchedulesKey, useSchedule } from '../api/get-schedule';
import type { BookButtonComponent, SlotChoice } from '../lib/book-button';
import type { TutorViewer } from '../lib/tutor-viewer';
import { useScheduleLive } from '../api/use-schedule-live';
import { DatePicker } from './date-picker';
import { SlotGroups } from './slot-groups';
import { NoFreeTime, ScheduleNotice } from '../../../shared/ui/next-free-date';
import { RetryAlert } from '../../../shared/ui/retry-alert';

const MINUTE_MS = 60_000;

type Props = { viewer: TutorViewer; tutor: TeacherCard; BookButton: BookButtonComponent };

/**
 * The Schedule tab: pick a date in the 14-day window, then a
 * slot; the Book button stays disabled until a slot is picked, and a new date clears the slot.
 */
export function ScheduleTab({ viewer, tutor, BookButton }: Props) {
  if (!teaches(tutor.subjects, viewer.subject, viewer.forKids)) {
    return (
      <div className="px-5 py-4">
        <ScheduleNotice text={notTaughtText(tutor, viewer.subject, viewer.forKids)} />
      </div>
    );
  }
  return <TutorSchedule viewer={viewer} tutor={tutor} BookButton={BookButton} />;
}

function TutorSchedule({ viewer, tutor, BookButton }: Props) {
  const queryClient = useQueryClient();
  const now = useNow(MINUTE_MS);
  const dates = scheduleDates({ now, viewerTimeZone: viewer.timeZone });
  const [picked, setPicked] = useState<{ date: string; startAt: string | null }>({ date: dates[0]!, startAt: null });
  // Past midnight the window moves on; a date that left it falls back to today.
  const date = dates.includes(picked.date) ? picked.date : dates[0]!;
  const schedule = useSchedule({ ...viewer, teacherId: tutor._id, date });
  useScheduleLive(viewer, tutor._id);
  const own = useOwnUpcomingSessions(viewer);
  const busy = useMemo(() => busySlotStarts(schedule.data, own.data ?? []), [schedule.data, own.data]);
  const choice = useMemo(() => (picked.startAt && busy.has(picked.startAt) ? null : slotChoice(schedule.data, date, picked.startAt)), [schedule.data, date, picked.startAt, busy]);
  // The time picked went from the live schedule (someone else booked it): said, or the choice just vanishes.
  const pickedGone = picked.startAt !== null && schedule.data !== undefined && choice === null;
  const datePicker = useRef<HTMLDivElement>(null);

  const showDate = (next: string) => {
    setPicked({ date: next, startAt: null });
    // The date chosen for the user: the keyboard goes on from it, as if it had been picked there.
    datePicker.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus();
  };

  const onScheduleChange = () => {
    setPicked((p) => ({ ...p, startAt: null }));
    void queryClient.invalidateQueries({ queryKey: tutorSchedulesKey(viewer, tutor._id) });
  };

  return (
    <div className="flex h-full flex-col">
      <div className="flex-1 space-y-4 px-5 py-4">
        <div ref={datePicker}>
          <DatePicker dates={dates} value={date} onChange={(next) => setPicked({ date: next, startAt: null })} />
        </div>
        <p className="text-xs text-base-content/70" data-testid="schedule-time-zone">
          Times are in {viewer.timeZone}.
        </p>
        <ScheduleSlots
          key={date}
          schedule={schedule}
          isToday={date === dates[0]}
          selected={choice ? picked.startAt : null}
          busy={busy}
          onSelect={(startAt) => setPicked({ date, startAt })}
          onShowDate={showDate}
        />
      </div>
      <div data-sticky-footer className="sticky bottom-0 border-t border-base-300 bg-base-100 px-5 py-4">
        <div aria-live="assertive">
          {pickedGone ? <p className="alert alert-warning alert-soft mb-3 text-sm">{messages.pickedTimeGone}</p> : null}
        </div>
        <BookButton choice={choice} subject={viewer.subject} forKids={viewer.forKids} timeZone={viewer.timeZone} onScheduleChange={onScheduleChange} />
      </div>
    </div>
  );
}

type ScheduleSlotsProps = {
  schedule: ReturnType<typeof useSchedule>;
  isToday: boolean;
  selected: string | null;
  busy: ReadonlySet<string>;
  onSelect: (startAt: string) => void;
  /** Shows another date (the next one with free time, from a date without any). */
  onShowDate: (date: string) => void;
};

function ScheduleSlots({ schedule, isToday, selected, busy, onSelect, onShowDate }: ScheduleSlotsProps) {
  const groups = useMemo(() => groupSlots((schedule.data?.slots ?? []).map(toDomainSlot)), [schedule.data]);
  if (schedule.isPending) {
    return (
      <div role="status" aria-label="Loading slots" className="grid grid-cols-2 gap-2">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="skeleton h-8" />
        ))}
      </div>
    );
  }
  if (schedule.isError) {
    return (
      <RetryAlert message={messages.teacherLoadFailed} onRetry={() => schedule.refetch()} retrying={schedule.isFetching} />
    );
  }
  const { data } = schedule;
  if (data.isBlocked || groups.length === 0) {
    return <NoFreeTime schedule={data} isToday={isToday} onShowDate={onShowDate} />;
  }
  return <SlotGroups groups={groups} selected={selected} busy={busy} onSelect={onSelect} />;
}

type ServerSlot = ScheduleResponse['slots'][number];

/** The schedule's slots carry ISO instants; the domain's grouping works on Dates. */
function toDomainSlot(slot: ServerSlot) {
  return { ...slot, startAt: new Date(slot.startAt), endAt: new Date(slot.endAt) };
}

/** The picked slot if this date's schedule still offers it (a refetch may have taken it away). */
function slotChoice(schedule: ScheduleResponse | undefined, date: string, startAt: string | null): SlotChoice | null {
  if (!schedule || startAt === null) return null;
  const slot = schedule.slots.find((s) => new Date(s.startAt).toISOString() === startAt);
  if (!slot) return null;
  const { _id, name, image } = schedule.teacher;
  return { teacher: { _id, name, image }, date, slot, durationMin: schedule.durationMin };
}
