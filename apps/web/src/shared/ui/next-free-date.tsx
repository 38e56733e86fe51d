import { formatCalendarDate } from '../lib/calendar-date';

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
