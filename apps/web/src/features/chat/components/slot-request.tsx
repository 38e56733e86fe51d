import { useMemo, useState } from 'react';
import type { BookingSubject } from '@parley/domain/booking';
import { chatDates } from '@parley/domain/chat-slots';
import { classDurationMin } from '@parley/domain/sessions';
import { useTutorBookedTimings } from '../api/get-tutor-booked-timings';
import type { ChatViewer } from '../lib/chat-viewer';
import { reservedFromBookedTimings } from '../lib/reserved-timings';
import { SlotRequestFields } from './slot-request-fields';

export type SlotChoice = { subject: BookingSubject; date: string; startAt: string; forKids: boolean };

/**
 * The request-slot state: defaults to today and the first of `viewer.requestSubjects` (those the
 * learner may request and the tutor teaches); a new date clears the time.
 */
export function useSlotRequestState(viewer: ChatViewer) {
  const [openedAt, setOpenedAt] = useState(() => new Date());
  const [picked, setSubject] = useState<BookingSubject>(viewer.requestSubjects[0] ?? 'English');
  // The tutor's subjects arrive with the room: a subject picked before then may not be theirs.
  const subject = viewer.requestSubjects.includes(picked) ? picked : (viewer.requestSubjects[0] ?? picked);
  const [date, setDate] = useState(() => chatDates({ now: openedAt, timeZone: viewer.timeZone })[0]!.value);
  const [startAt, setStartAt] = useState('');
  return {
    openedAt,
    choice: { subject, date, startAt, forKids: viewer.as === 'kid' } satisfies SlotChoice,
    setSubject: (next: BookingSubject) => {
      setSubject(next);
      setStartAt('');
    },
    setDate: (next: string) => {
      setOpenedAt(new Date());
      setDate(next);
      setStartAt('');
    },
    setStartAt,
    reset: () => {
      setOpenedAt(new Date());
      setStartAt('');
    },
  };
}

type SlotRequestProps = { viewer: ChatViewer; teacherId: string; state: ReturnType<typeof useSlotRequestState> };

/**
 * The request-slot form wired to its data: the class duration for a chat
 * booking and the tutor's booked sessions that day, shown as reserved.
 */
export function SlotRequest({ viewer, teacherId, state }: SlotRequestProps) {
  const { choice } = state;
  const durationMin = classDurationMin({
    subject: choice.subject,
    forKids: choice.forKids,
    isChatBooking: true,
    planClassDuration: viewer.planClassDuration ?? '25min',
  });
  const booked = useTutorBookedTimings(viewer.as === 'teacher' ? 'learner' : viewer.as, {
    teacherId,
    date: choice.date,
    timeZone: viewer.timeZone,
    subject: choice.subject,
    forKids: choice.forKids,
  }, viewer.as !== 'teacher');
  const reserved = useMemo(() => reservedFromBookedTimings(booked.data ?? [], choice.date, viewer.timeZone), [booked.data, choice.date, viewer.timeZone]);

  return (
    <SlotRequestFields
      timeZone={viewer.timeZone}
      now={state.openedAt}
      classDurationMin={durationMin}
      reserved={reserved}
      reservedLoading={booked.isFetching}
      subjects={viewer.requestSubjects}
      subject={choice.subject}
      onSubjectChange={state.setSubject}
      date={choice.date}
      onDateChange={state.setDate}
      startAt={choice.startAt}
      onStartAtChange={state.setStartAt}
    />
  );
}
