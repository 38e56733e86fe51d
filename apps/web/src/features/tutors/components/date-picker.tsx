import type { KeyboardEvent } from 'react';
import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { moveRovingFocus } from '../../../shared/ui/roving-focus';

type Props = {
  /** The window's dates, today first (today through 13 days ahead). */
  dates: readonly string[];
  value: string;
  onChange: (date: string) => void;
};

/**
 * The schedule's date picker: the 14-day window as one radio group, a single Tab stop whose
 * arrow keys (and Home/End) move the choice. Each date's name is its visible text ("Tue 24 Nov").
 */
export function DatePicker({ dates, value, onChange }: Props) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const item = moveRovingFocus(event, '[role="radio"]', 'both');
    if (item?.dataset.date) onChange(item.dataset.date);
  };
  return (
    <div role="radiogroup" aria-label="Date" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-2" onKeyDown={onKeyDown}>
      {dates.map((date, index) => {
        const selected = date === value;
        return (
          <button
            key={date}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            data-date={date}
            onClick={() => onChange(date)}
            className={`flex w-14 shrink-0 flex-col items-center rounded-box border px-1 py-2 text-xs transition-colors ${
              selected ? 'border-primary bg-primary text-primary-content' : 'border-base-300 bg-base-100 hover:border-primary'
            }`}
          >
            {/* The spaces keep the accessible name readable ("Tue 24 Nov"); flex layout ignores them. */}
            <span className="font-medium">{index === 0 ? 'Today' : formatCalendarDate(date, 'EEE')}</span>{' '}
            <span className="text-lg font-bold leading-tight">{formatCalendarDate(date, 'd')}</span>{' '}
            <span className={selected ? '' : 'text-base-content/60'}>{formatCalendarDate(date, 'MMM')}</span>
          </button>
        );
      })}
    </div>
  );
}
