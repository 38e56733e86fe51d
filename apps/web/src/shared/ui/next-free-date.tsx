import type { ScheduleResponse } from '@parley/domain/booking';
import { messages } from '@parley/domain/messages';
import { formatCalendarDate } from '../lib/calendar-date';

/** Why a schedule offers nothing to pick, in a dashed box where its times would be. */
export function ScheduleNotice({ text }: { text: string }) {
  return <p className="rounded-box border border-dashed border-base-300 px-4 py-6 text-center text-sm text-base-content/70">{text}</p>;
}

/**
 * A schedule's date without free time: why (the tutor cannot be booked, is not teaching today, or
 * has nothing that date) and, when `onShowDate` is given, the way to the next date that has some.
 */
export function NoFreeTime({ schedule, isToday, onShowDate }: { schedule: ScheduleResponse; isToday: boolean; onShowDate?: (date: string) => void }) {
  const notToday = schedule.isBlocked || (isToday && !schedule.isTeacherAvailableToday);
  return (
    <div>
      <ScheduleNotice text={notToday ? messages.slotsNotAvailable : messages.teacherNotAvailableOnDate} />
      {onShowDate ? <NextFreeDateButton date={schedule.nextFreeDate} onShow={onShowDate} className="mx-auto mt-3 flex" /> : null}
    </div>
  );
}

/**
 * Under a schedule's "no free time on this date" notice: the way to the next date that has some
 * (the schedule's `nextFreeDate`), so nobody taps through the window one empty day at a time.
 */
export function NextFreeDateButton({ date, onShow, className = '' }: { date: string | null; onShow: (date: string) => void; className?: string }) {
  if (!date) return null;
  return (
    <button type="button" className={`btn btn-outline btn-sm ${className}`} onClick={() => onShow(date)}>
      Next free time: {formatCalendarDate(date, 'EEEE d MMMM')}
    </button>
  );
}
