import { useEffect, useRef, useState } from 'react';
import type { KidSummary } from '@parley/domain/kids';
import { KidAvatar } from './kid-avatar';
import { RenameKidForm } from './rename-kid-form';

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

/** One kid profile on /kids/accounts: continue as the kid, rename it inline, or ask to remove it. */
export function KidCard({ kid, active, focusName, switching, switchingHere, onContinue, onRemove }: Props) {
  const [renaming, setRenaming] = useState(false);
  // Where focus goes when the rename form closes: the new name, or back to Rename.
  const [focusAfterRename, setFocusAfterRename] = useState<'name' | 'rename' | null>(null);
  const name = useRef<HTMLHeadingElement>(null);
  const renameButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (focusName) name.current?.focus();
  }, [focusName]);
  useEffect(() => {
    if (focusAfterRename === 'name') name.current?.focus();
    if (focusAfterRename === 'rename') renameButton.current?.focus();
  }, [focusAfterRename]);

  return (
    // min-w-0 and overflow-wrap:anywhere: a long name (up to 60 letters, maybe one word) wraps inside the card at 390 px.
    <li className={`card min-w-0 border bg-base-100 ${active ? 'border-primary' : 'border-base-300'}`}>
      <div className="card-body min-w-0 items-center gap-2 text-center [overflow-wrap:anywhere]">
        <KidAvatar name={kid.name} avatar={kid.avatar} size="size-20" />
        {renaming ? (
          <RenameKidForm
            kid={kid}
            onDone={(renamed) => {
              setRenaming(false);
              setFocusAfterRename(renamed ? 'name' : 'rename');
            }}
          />
        ) : (
          <>
            <h2 ref={name} tabIndex={-1} className="card-title max-w-full">
              {kid.name}
            </h2>
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
                ref={renameButton}
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Rename ${kid.name}`}
                onClick={() => {
                  setFocusAfterRename(null);
                  setRenaming(true);
                }}
              >
                Rename
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
