import { useState, type KeyboardEvent } from 'react';
import { visibleSlotGroups, type SlotGroup } from '@parley/domain/slots';
import { moveRovingFocus } from '../../../shared/ui/roving-focus';

type Props = {
  groups: readonly SlotGroup[];
  /** The picked slot's startAt (ISO), or null. */
  selected: string | null;
  /** Slots (startAt, ISO) the viewer has a session of their own in: shown, but not offered. */
  busy?: ReadonlySet<string>;
  onSelect: (startAt: string) => void;
};

/**
 * Slots grouped by time of day; two groups show before Show More. The shown slots are one
 * listbox (a single Tab stop): arrow keys and Home/End move through every group and pick the slot.
 */
export function SlotGroups({ groups, selected, busy = noneBusy, onSelect }: Props) {
  const [showAll, setShowAll] = useState(false);
  const { shown, hasMore } = visibleSlotGroups({ groups, showAll });
  const shownStarts = shown.flatMap((group) => group.slots.map((slot) => slot.startAt.toISOString())).filter((startAt) => !busy.has(startAt));
  // The Tab stop: the picked slot while it shows, else the first one offered.
  const tabStop = selected !== null && shownStarts.includes(selected) ? selected : shownStarts[0];

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const item = moveRovingFocus(event, '[role="option"]:not([aria-disabled="true"])', 'both');
    if (item?.dataset.startAt) onSelect(item.dataset.startAt);
  };

  return (
    <div className="space-y-4">
      <div role="listbox" aria-label="Time slots" className="space-y-4" onKeyDown={onKeyDown}>
        {shown.map((group) => (
          <div key={group.label} role="group" aria-label={`${group.label} slots`}>
            <div aria-hidden="true" className="mb-2 text-xs font-semibold uppercase tracking-wide text-base-content/60">
              {group.label}
            </div>
            <div className="grid grid-cols-2 gap-2">
              {group.slots.map((slot) => {
                const startAt = slot.startAt.toISOString();
                if (busy.has(startAt)) {
                  // Not a control: an option the listbox names but never offers.
                  return (
                    <div key={startAt} role="option" aria-selected={false} aria-disabled="true" className="flex min-h-8 cursor-not-allowed flex-col items-center justify-center rounded-field border border-dashed border-base-300 bg-base-200 px-2 py-1 text-center text-xs font-medium text-base-content/80">
                      {slot.timeView}{' '}
                      <span className="font-normal">You have a session then</span>
                    </div>
                  );
                }
                const isSelected = startAt === selected;
                return (
                  <button
                    key={startAt}
                    type="button"
                    role="option"
                    aria-selected={isSelected}
                    tabIndex={startAt === tabStop ? 0 : -1}
                    data-start-at={startAt}
                    onClick={() => onSelect(startAt)}
                    // Grows when a narrow screen wraps its label to two lines (btn-sm alone is one line high).
                    className={`btn btn-sm h-auto min-h-(--size) py-1 font-medium ${isSelected ? 'btn-primary' : 'btn-outline border-base-300'}`}
                  >
                    {slot.timeView}
                  </button>
                );
              })}
            </div>
          </div>
        ))}
      </div>
      {hasMore ? (
        <button type="button" className="btn btn-ghost btn-sm w-full" aria-expanded={showAll} onClick={() => setShowAll((all) => !all)}>
          {showAll ? 'Show Less' : 'Show More'}
        </button>
      ) : null}
    </div>
  );
}

const noneBusy: ReadonlySet<string> = new Set();
