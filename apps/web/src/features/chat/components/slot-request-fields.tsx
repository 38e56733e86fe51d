import { useId, useMemo } from 'react';
import type { BookingSubject } from '@parley/domain/booking';
import { chatDates, chatTimeSlots } from '@parley/domain/chat-slots';
import type { TimeInterval } from '@parley/domain/slots';

export const SELECT_TIME_LABEL = 'Select Time';

type SlotRequestFieldsProps = {
  timeZone: string;
  /** The moment the form was opened (slots on today start 10 minutes after it). */
  now: Date;
  classDurationMin: number;
  reserved: readonly TimeInterval[];
  subjects: readonly BookingSubject[];
  subject: BookingSubject;
  onSubjectChange: (subject: BookingSubject) => void;
  /** 'YYYY-MM-DD' in timeZone. */
  date: string;
  onDateChange: (date: string) => void;
  /** The chosen slot's start instant (ISO), or '' for none. */
  startAt: string;
  onStartAtChange: (startAt: string) => void;
  reservedLoading?: boolean;
};

/**
 * The request-slot form's selects: a date from today to 6 days ahead
 * labelled dd-MMM-yyyy; a time select that starts on a disabled 'Select Time', with slots 10
 * minutes from now on today, stepped by the class duration plus 5 minutes, reserved ones disabled.
 */
export function SlotRequestFields(props: SlotRequestFieldsProps) {
  const { timeZone, now, classDurationMin, reserved, subjects, subject, date, startAt } = props;
  const ids = { date: useId(), time: useId(), subject: useId() };
  const dates = useMemo(() => chatDates({ now, timeZone }), [now, timeZone]);
  const slots = useMemo(() => chatTimeSlots({ date, now, timeZone, classDurationMin, reserved }), [date, now, timeZone, classDurationMin, reserved]);

  return (
    <fieldset className={`grid grid-cols-1 gap-2 ${subjects.length > 1 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
      <legend className="sr-only">Request a session</legend>
      {subjects.length > 1 ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.subject} className="text-xs font-medium opacity-70">
            Subject
          </label>
          <select id={ids.subject} className="select select-bordered select-sm w-full" value={subject} onChange={(e) => props.onSubjectChange(e.target.value as BookingSubject)}>
            {subjects.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.date} className="text-xs font-medium opacity-70">
          Date
        </label>
        <select id={ids.date} className="select select-bordered select-sm w-full" value={date} onChange={(e) => props.onDateChange(e.target.value)}>
          {dates.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.time} className="text-xs font-medium opacity-70">
          Time
        </label>
        <select
          id={ids.time}
          className="select select-bordered select-sm w-full"
          value={startAt}
          aria-busy={props.reservedLoading || undefined}
          onChange={(e) => props.onStartAtChange(e.target.value)}
        >
          <option value="" disabled>
            {SELECT_TIME_LABEL}
          </option>
          {slots.map((slot) => (
            <option key={slot.startAt.toISOString()} value={slot.startAt.toISOString()} disabled={slot.disabled}>
              {slot.disabled ? `${slot.label} (reserved)` : slot.label}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
