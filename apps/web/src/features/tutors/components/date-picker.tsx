import { formatCalendarDate } from '../../../shared/lib/calendar-date';

type Props = {
  /** The window's dates, today first (today through 13 days ahead). */
  dates: readonly string[];
  value: string;
  onChange: (date: string) => void;
};

/** The schedule's date picker: one button per day of the 14-day window. */
export function DatePicker({ dates, value, onChange }: Props) {
  return (
    <div role="group" aria-label="Date" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2">
      {dates.map((date, index) => {
        const selected = date === value;
        return (
          <button
            key={date}
            type="button"
            aria-pressed={selected}
            aria-label={`${index === 0 ? 'Today, ' : ''}${formatCalendarDate(date, 'EEEE, d MMMM yyyy')}`}
            data-date={date}
            onClick={() => onChange(date)}
            className={`flex w-14 shrink-0 flex-col items-center rounded-box border px-1 py-2 text-xs transition-colors ${
              selected ? 'border-primary bg-primary text-primary-content' : 'border-base-300 bg-base-100 hover:border-primary'
            }`}
          >
            <span className="font-medium">{index === 0 ? 'Today' : formatCalendarDate(date, 'EEE')}</span>
            <span className="text-lg font-bold leading-tight">{formatCalendarDate(date, 'd')}</span>
            <span className={selected ? '' : 'text-base-content/60'}>{formatCalendarDate(date, 'MMM')}</span>
          </button>
        );
      })}
    </div>
  );
}
