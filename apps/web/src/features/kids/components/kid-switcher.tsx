import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { canAddKid } from '@parley/domain/limits';
import { notify } from '../../../shared/lib/toast';
import { useKids } from '../api/get-kids-by-parent-id';
import { useSelectKid } from '../api/find-kid-by-id';
import { useActiveKid } from '../lib/active-kid';
import { KidAvatar } from './kid-avatar';

/**
 * The kid switcher: lists the parent's kids; choosing one opens that kid's session and
 * goes to /kids/dashboard. "Add kid" appears only when fewer than 3 kids exist.
 */
export function KidSwitcher() {
  const navigate = useNavigate();
  const { data: kids = [], isPending, isError } = useKids();
  const selectKid = useSelectKid();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const active = useActiveKid();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = async (learnerId: string) => {
    if (learnerId === active?._id) {
      setOpen(false);
      navigate('/kids/dashboard');
      return;
    }
    try {
      await selectKid.mutateAsync(learnerId);
      setOpen(false);
      navigate('/kids/dashboard');
    } catch (error) {
      notify.failure(error);
    }
  };

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className="btn btn-ghost btn-sm gap-2"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="kid-switcher-menu"
        aria-label={active ? `Switch kid (${active.name} is active)` : 'Choose kid'}
        onClick={() => setOpen((value) => !value)}
      >
        {active ? <KidAvatar name={active.name} avatar={active.avatar} size="size-6" /> : null}
        <span className={`max-w-32 truncate ${active ? 'hidden sm:inline' : ''}`}>{active ? active.name : 'Choose kid'}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div id="kid-switcher-menu" className="absolute right-0 top-full z-40 mt-2 w-64 rounded-box border border-base-300 bg-base-100 p-2 shadow-xl">
          <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-base-content/60">Switch kid</p>
          {isPending ? <p className="px-3 py-2 text-sm">Loading kids…</p> : null}
          {isError && kids.length === 0 ? <p className="px-3 py-2 text-sm text-error">Could not load the kids.</p> : null}
          {!isPending && !isError && kids.length === 0 ? <p className="px-3 py-2 text-sm text-base-content/70">No kid profiles yet.</p> : null}
          <ul className="menu w-full p-0" aria-label="Kids">
            {kids.map((kid) => (
              <li key={kid._id}>
                <button type="button" onClick={() => choose(kid._id)} disabled={selectKid.isPending} aria-current={active?._id === kid._id ? 'true' : undefined}>
                  <KidAvatar name={kid.name} avatar={kid.avatar} size="size-7" />
                  <span className="flex-1 truncate text-left">{kid.name}</span>
                  {active?._id === kid._id ? <span className="text-xs font-semibold text-primary">Active</span> : null}
                </button>
              </li>
            ))}
            {/* Add kid appears only when fewer than 3 kids exist. */}
            {!isPending && !isError && canAddKid(kids.length) ? (
              <li className="mt-1 border-t border-base-300 pt-1">
                <Link to="/kids/accounts" onClick={() => setOpen(false)}>
                  <span aria-hidden="true" className="grid size-7 place-items-center rounded-full bg-primary/10 text-primary">
                    +
                  </span>
                  Add kid
                </Link>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
