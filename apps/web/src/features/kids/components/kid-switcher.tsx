import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { canAddKid } from '@parley/domain/limits';
import { notify } from '../../../shared/lib/toast';
import { Icon } from '../../../shared/ui/icon';
import { moveRovingFocus, rovingItems } from '../../../shared/ui/roving-focus';
import { KID_PEER_PRACTICE_PATH, useKidPeerPractice } from '../api/get-kid-peer-practice';
import { useKids } from '../api/get-kids-by-parent-id';
import { useSelectKid } from '../api/find-kid-by-id';
import { useActiveKid } from '../lib/active-kid';
import { KidAvatar } from './kid-avatar';

const menuItemSelector = '[role="menuitem"]';

/**
 * The kid switcher: lists the parent's kids; choosing one opens that kid's session and
 * goes to /kids/dashboard. The active kid's "Practise with a friend" appears once their parent
 * switched peer practice on; "Add kid" only when fewer than 3 kids exist.
 */
export function KidSwitcher() {
  const navigate = useNavigate();
  const { data: kids = [], isPending, isError } = useKids();
  const selectKid = useSelectKid();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  /** Which item takes focus when the menu opens: ArrowUp on the button opens at the last one. */
  const openAt = useRef<'first' | 'last'>('first');
  const menuId = useId();
  const active = useActiveKid();
  // Asked when the menu opens (the kids dashboard asks too, sharing the answer): other pages under
  // this navigation have no need of the kid's session.
  const practice = useKidPeerPractice(active?._id ?? null, open);

  /** Closes the menu and, unless focus is moving on by itself (Tab, a click elsewhere), puts it back on the button. */
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const openMenu = (at: 'first' | 'last') => {
    openAt.current = at;
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Focus moves into the menu when it opens, and onto the first kid once the list arrives.
  const itemCount = kids.length;
  useEffect(() => {
    const node = menu.current;
    if (!open || !node) return;
    if (node.contains(document.activeElement) && document.activeElement !== node) return;
    const items = rovingItems(node, menuItemSelector);
    const target = openAt.current === 'last' ? items[items.length - 1] : items[0];
    (target ?? node).focus();
  }, [open, itemCount, isPending]);

  const choose = async (learnerId: string) => {
    if (selectKid.isPending) return;
    if (learnerId === active?._id) {
      close(true);
      navigate('/kids/dashboard');
      return;
    }
    try {
      await selectKid.mutateAsync(learnerId);
      close(true);
      navigate('/kids/dashboard');
    } catch (error) {
      notify.failure(error);
    }
  };

  const onButtonKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const at = event.key === 'ArrowUp' ? 'last' : 'first';
    if (!open) return openMenu(at);
    // Already open (opened by a click that left focus here): step into it.
    const items = menu.current ? rovingItems(menu.current, menuItemSelector) : [];
    (at === 'last' ? items[items.length - 1] : items[0])?.focus();
  };
  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'Tab') {
      close(false);
      return;
    }
    moveRovingFocus(event, menuItemSelector, 'vertical');
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-sm gap-2"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={active ? `Switch kid, ${active.name} is active` : 'Choose kid'}
        onClick={() => (open ? close(true) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {/* Below sm only the avatar (or the family icon) shows: the top bar has no room for a name there. */}
        {active ? <KidAvatar name={active.name} avatar={active.avatar} size="size-6" /> : <Icon name="family" className="size-5 sm:hidden" />}
        <span className="hidden max-w-32 truncate sm:inline">{active ? active.name : 'Choose kid'}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div className="absolute right-0 top-full z-40 mt-2 w-64 rounded-box border border-base-300 bg-base-100 p-2 shadow-xl">
          <p className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-base-content/60">Switch kid</p>
          {isPending ? <p className="px-3 py-2 text-sm">Loading kids…</p> : null}
          {isError && kids.length === 0 ? <p className="px-3 py-2 text-sm text-error">Could not load the kids.</p> : null}
          {!isPending && !isError && kids.length === 0 ? <p className="px-3 py-2 text-sm text-base-content/70">No kid profiles yet.</p> : null}
          {/* WAI-ARIA menu button: arrow keys, Home and End move between the items; Escape closes and returns to the button. */}
          <ul ref={menu} id={menuId} role="menu" aria-label="Kids" aria-busy={isPending} tabIndex={-1} className="menu w-full p-0 outline-none" onKeyDown={onMenuKeyDown}>
            {kids.map((kid) => (
              <li key={kid._id} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => choose(kid._id)}
                  // aria-disabled keeps the focused item focused while a switch is under way.
                  aria-disabled={selectKid.isPending || undefined}
                  aria-current={active?._id === kid._id ? 'true' : undefined}
                >
                  <KidAvatar name={kid.name} avatar={kid.avatar} size="size-7" />
                  <span className="flex-1 truncate text-left">{kid.name}</span>
                  {/* A badge of its own colours: it stays readable on the focused row's dark background (WCAG 1.4.3). */}
                  {active?._id === kid._id ? <span className="badge badge-primary badge-sm font-semibold">Active</span> : null}
                </button>
              </li>
            ))}
            {/* The active kid's practice calls, once their parent has switched peer practice on. */}
            {active && practice.data?.consent ? (
              <li role="none" className="mt-1 border-t border-base-300 pt-1">
                <Link to={KID_PEER_PRACTICE_PATH} role="menuitem" tabIndex={-1} onClick={() => close(true)}>
                  <Icon name="puzzle" className="size-7 p-1 text-primary" />
                  Practise with a friend
                </Link>
              </li>
            ) : null}
            {/* Add kid appears only when fewer than 3 kids exist. */}
            {!isPending && !isError && canAddKid(kids.length) ? (
              <li role="none" className="mt-1 border-t border-base-300 pt-1">
                <Link to="/kids/accounts?add=kid" role="menuitem" tabIndex={-1} onClick={() => close(true)}>
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
