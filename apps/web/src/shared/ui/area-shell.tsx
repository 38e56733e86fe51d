import { useState, type ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { badgeCount } from '../lib/badge-count';
import { Brand } from './brand';
import { Drawer } from './drawer';
import { Icon } from './icon';
import { MainContent, SkipLink } from './skip-link';

/** `unread`: a count shown beside the label (the tutor's unread chat messages), named with it for screen readers. */
export type AreaNavItem = { to: string; label: string; unread?: number };

type AreaShellProps = {
  areaLabel: string;
  homePath: string;
  nav: readonly AreaNavItem[];
  userName?: string | null;
  onLogout: () => void;
  loggingOut?: boolean;
  /** Shown above the page content (e.g. the affiliate bar). */
  banner?: ReactNode;
  /** The top bar's controls, right-aligned (the notification bell, supplied by the app's layout). */
  actions?: ReactNode;
};

/** The frame of the affiliate, moderator, creator and tutor areas: side menu on lg+, drawer below. */
export function AreaShell({ areaLabel, homePath, nav, userName, onLogout, loggingOut, banner, actions }: AreaShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const unread = nav.reduce((sum, item) => sum + (item.unread ?? 0), 0);
  const menu = (onNavigate?: () => void) => (
    <nav aria-label={`${areaLabel} menu`} className="flex h-full flex-col gap-2 p-4">
      <ul className="menu w-full p-0">
        {nav.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end
              onClick={onNavigate}
              aria-label={item.unread ? `${item.label}, ${badgeCount(item.unread)} unread` : undefined}
              className={({ isActive }) => (isActive ? 'bg-primary/10 font-semibold text-primary' : '')}
            >
              {item.label}
              {/* The space keeps the visible text "Chat 3", which the name "Chat, 3 unread" contains (WCAG 2.5.3). */}
              {item.unread ? (
                <>
                  {' '}
                  <span className="badge badge-secondary badge-sm ml-auto tabular-nums" aria-hidden="true">
                    {badgeCount(item.unread)}
                  </span>
                </>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-ghost mt-auto justify-start text-error" onClick={onLogout} disabled={loggingOut}>
        <Icon name="logout" className="size-[1.15rem]" /> Logout
      </button>
    </nav>
  );

  return (
    <div className="min-h-screen bg-base-200/50">
      <SkipLink />
      <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-base-300 bg-base-100 px-4 lg:px-8">
        <button
          type="button"
          className="btn btn-ghost btn-square btn-sm relative lg:hidden"
          aria-label={unread ? `Open menu, ${badgeCount(unread)} unread` : 'Open menu'}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
            <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {/* On a phone the menu is closed: what is unread in it shows on its button. */}
          {unread ? <span className="absolute right-0.5 top-0.5 size-2.5 rounded-full bg-secondary ring-2 ring-base-100" aria-hidden="true" /> : null}
        </button>
        <Brand to={homePath} />
        <span className="badge badge-ghost hidden sm:inline-flex">{areaLabel}</span>
        <div className="ml-auto flex min-w-0 items-center gap-2">
          {/* Wraps rather than being cut (wider text spacing on a narrow screen, WCAG 1.4.12). */}
          {userName ? <span className="min-w-0 text-right text-sm leading-tight wrap-break-word text-base-content/70">{userName}</span> : null}
          {actions}
        </div>
      </header>
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-60 shrink-0 border-r border-base-300 bg-base-100 lg:block">{menu()}</aside>
        <MainContent className="min-w-0 flex-1 p-4 lg:p-8">
          {banner}
          <Outlet />
        </MainContent>
      </div>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title={`${areaLabel} menu`} side="left" widthPx={300}>
        {menu(() => setDrawerOpen(false))}
      </Drawer>
    </div>
  );
}
