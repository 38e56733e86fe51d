import { Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/api/logout';
import { CartNavLink } from '../../features/courses/components/cart-nav-link';
import { ChatLauncher } from '../../features/chat/components/chat-launcher';
import { KidSwitcher } from '../../features/kids/components/kid-switcher';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { getItem, hasItem } from '../../shared/lib/storage';
import { Brand } from '../../shared/ui/brand';
import { PageSkeleton } from '../../shared/ui/loader';
import { MainContent, SkipLink } from '../../shared/ui/skip-link';
import { WalletBalanceButton } from '../../features/wallet/components/wallet-balance-button';

/** Each programme's entry is current on every page of its section (IELTS on /ielts/session too), not its first page alone. */
const entries = [
  { to: '/learner', label: 'Spoken English', section: /^\/learner(\/|$)/ },
  { to: '/ielts/dashboard', label: 'IELTS', section: /^\/ielts\// },
  { to: '/courses/myCourses', label: 'Courses', section: /^\/(courses|AICourses)(\/|$)/ },
  { to: '/kids/dashboard', label: 'Kids', section: /^\/kids\// },
] as const;

/** The top navigation on kids, IELTS and courses pages, with the kid switcher. */
export function TopNavLayout() {
  const logout = useLogout('learner');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Escape closes the open phone menu, from its button or its links, and the focus goes back to the button.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  // Kid pages (a kid session is open) get the chat drawer too, acting as the kid.
  const { pathname } = useLocation();
  const kidChat = /^\/kids\/(?!accounts(?:\/|$))/.test(pathname) && hasItem('KID_TOKEN');
  // IELTS pages chat as the learner (IELTS is the one programme whose chat takes files).
  const ieltsChat = pathname.startsWith('/ielts/');
  const links = (onNavigate?: () => void) =>
    entries.map((entry) => {
      const current = entry.section.test(pathname);
      return (
        <li key={entry.to}>
          <Link
            to={entry.to}
            onClick={onNavigate}
            aria-current={current ? (pathname === entry.to ? 'page' : 'true') : undefined}
            className={current ? 'bg-primary/10 font-semibold text-primary' : 'font-medium'}
          >
            {entry.label}
          </Link>
        </li>
      );
    });

  return (
    <div className="min-h-screen bg-base-200/50">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100">
        {/* One row while it fits; on a narrow phone with a long balance the tools wrap to a second row instead of scrolling sideways. */}
        <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-3 py-2 sm:gap-x-3 sm:px-4 lg:px-8">
          <button
            ref={menuButton}
            type="button"
            className="btn btn-ghost btn-square btn-sm lg:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="top-nav-mobile"
            onClick={() => setMenuOpen((open) => !open)}
            onKeyDown={closeOnEscape}
          >
            <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
              <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <span className="sm:hidden">
            <Brand to="/learner" compact />
          </span>
          <span className="hidden sm:inline-flex">
            <Brand to="/learner" />
          </span>
          <nav aria-label="Programmes" className="ml-4 hidden lg:block">
            <ul className="menu menu-horizontal gap-1 p-0">{links()}</ul>
          </nav>
          <div className="ml-auto flex flex-wrap items-center justify-end gap-0.5 sm:gap-1">
            {kidChat ? <ChatLauncher audience="kid" compactOnMobile /> : null}
            {ieltsChat ? <ChatLauncher audience="learner" compactOnMobile /> : null}
            {/* Cart count (spec §2.9): every page here is a signed-in learner's. Below sm it sits in the menu, for room. */}
            <span className="hidden sm:inline-flex">
              <CartNavLink />
            </span>
            {/* The parent's bell: a kid's session news reaches the parent who runs the kid's account. */}
            <NotificationBell role="learner" timeZone={getItem('USER')?.timezone} />
            <WalletBalanceButton />
            <KidSwitcher />
            <button type="button" className="btn btn-ghost btn-sm hidden text-error lg:inline-flex" onClick={() => logout.mutate()} disabled={logout.isPending}>
              Logout
            </button>
          </div>
        </div>
        {/* Always rendered (hidden while closed), so the menu button's aria-controls points at it. */}
        <nav id="top-nav-mobile" aria-label="Programmes mobile" hidden={!menuOpen} onKeyDown={closeOnEscape} className="border-t border-base-300 px-4 pb-3 lg:hidden">
          <ul className="menu w-full">
            {links(() => setMenuOpen(false))}
            <li className="sm:hidden">
              <CartNavLink variant="menu" onNavigate={() => setMenuOpen(false)} />
            </li>
            <li>
              <button type="button" className="font-medium text-error" onClick={() => logout.mutate()} disabled={logout.isPending}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </header>
      <MainContent className="mx-auto max-w-6xl p-4 lg:p-8">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </MainContent>
    </div>
  );
}
