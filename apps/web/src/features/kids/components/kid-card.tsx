import { useEffect, useRef, useState } from 'react';
import type { KidSummary } from '@parley/domain/kids';
import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { EditKidForm } from './edit-kid-form';
import { KidAvatar } from './kid-avatar';

type Props = {
  kid: KidSummary;
  active: boolean;
  /** Focus the kid's name (a kid just added). */
  focusName: boolean;
  /** A switch to some kid is under way; `switchingHere` when to this one. */
  switching: boolean;
  switchingHere: boolean;
  onContinue: () => void;
  onRemove: () => void;
};

/** One kid profile on /kids/accounts: continue as the kid, edit its name and date of birth inline, or ask to remove it. */
export function KidCard({ kid, active, focusName, switching, switchingHere, onContinue, onRemove }: Props) {
  const [editing, setEditing] = useState(false);
  // Where focus goes when the edit form closes: the (new) name after a save, or back to Edit.
  const [focusAfterEdit, setFocusAfterEdit] = useState<'name' | 'edit' | null>(null);
  const name = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusName) name.current?.focus();
  }, [focusName]);
  useEffect(() => {
    if (focusAfterEdit === 'name') name.current?.focus();
    if (focusAfterEdit === 'edit') editButton.current?.focus();
  }, [focusAfterEdit]);

  return (
    // min-w-0 and overflow-wrap:anywhere: a long name (up to 60 letters, maybe one word) wraps inside the card at 390 px.
    <li className={`card min-w-0 border bg-base-100 ${active ? 'border-primary' : 'border-base-300'}`}>
      <div className="card-body min-w-0 items-center gap-2 text-center [overflow-wrap:anywhere]">
        <KidAvatar name={kid.name} avatar={kid.avatar} size="size-20" />
        {editing ? (
          <EditKidForm
            kid={kid}
            onDone={(saved) => {
              setEditing(false);
              setFocusAfterEdit(saved ? 'name' : 'edit');
            }}
          />
        ) : (
          <>
            <h2 ref={name} tabIndex={-1} className="card-title max-w-full">
              {kid.name}
            </h2>
            {kid.dob ? <p className="text-sm text-base-content/80">Born {formatCalendarDate(kid.dob.slice(0, 10), 'd MMM yyyy')}</p> : null}
            {active ? <span className="badge badge-primary badge-sm">Active now</span> : null}
            <button
              type="button"
              className="btn btn-primary btn-sm mt-2 h-auto min-h-8 max-w-full py-1"
              onClick={onContinue}
              // aria-disabled, not disabled: the pressed button keeps focus until the dashboard opens (or the switch fails).
              aria-disabled={switching || undefined}
              aria-label={`Continue as ${kid.name}`}
            >
              {switchingHere ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
              Continue as {kid.name}
            </button>
            <div className="mt-1 flex flex-wrap justify-center gap-2">
              <button
                ref={editButton}
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Edit ${kid.name}`}
                onClick={() => {
                  setFocusAfterEdit(null);
                  setEditing(true);
                }}
              >
                Edit
              </button>
              <button type="button" className="btn btn-ghost btn-sm text-error" aria-label={`Remove ${kid.name}`} onClick={onRemove}>
                Remove
              </button>
            </div>
          </>
        )}
      </div>
    </li>
  );
}
