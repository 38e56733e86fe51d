import { useState } from 'react';
import { visibleSlotGroups, type SlotGroup } from '@parley/domain/slots';

type Props = {
  groups: readonly SlotGroup[];
  /** The picked slot's startAt (ISO), or null. */
  selected: string | null;
  onSelect: (startAt: string) => void;
};

/** Slots grouped by time of day; two groups show before Show More. */
export function SlotGroups({ groups, selected, onSelect }: Props) {
  const [showAll, setShowAll] = useState(false);
  const { shown, hasMore } = visibleSlotGroups({ groups, showAll });
  return (
    <div className="space-y-4">
      {shown.map((group) => (
        <section key={group.label} aria-label={`${group.label} slots`}>
          <h4 className="mb-2 text-xs font-semibold uppercase tracking-wide text-base-content/60">{group.label}</h4>
          <div className="grid grid-cols-2 gap-2">
            {group.slots.map((slot) => {
              const startAt = slot.startAt.toISOString();
              const isSelected = startAt === selected;
              return (
                <button
                  key={startAt}
                  type="button"
                  aria-pressed={isSelected}
                  data-start-at={startAt}
                  onClick={() => onSelect(startAt)}
                  className={`btn btn-sm font-medium ${isSelected ? 'btn-primary' : 'btn-outline border-base-300'}`}
                >
                  {slot.timeView}
                </button>
              );
            })}
          </div>
        </section>
      ))}
      {hasMore ? (
        <button type="button" className="btn btn-ghost btn-sm w-full" aria-expanded={showAll} onClick={() => setShowAll((all) => !all)}>
          {showAll ? 'Show Less' : 'Show More'}
        </button>
      ) : null}
    </div>
  );
}
