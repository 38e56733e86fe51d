import { useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Badge } from '../../../shared/ui/badge';

type Tab = { label: string; to: string; external?: boolean; isNew?: boolean };

/** The tabs; Workshop only when its external link is configured. */
export function learnerTabs(workshopUrl: string | null): Tab[] {
  return [
    { label: 'Conversational English', to: '/learner' },
    { label: 'AI Courses', to: '/AICourses', isNew: true },
    { label: 'Peer Learning', to: '/peer-learning/dashboard' },
    ...(workshopUrl ? [{ label: 'Workshop', to: workshopUrl, external: true }] : []),
    { label: 'Refer & Earn', to: '/refer-and-earn' },
  ];
}

/**
 * Top tab bar on /learner, with the chat button unless the learner is on the new
 * curriculum. The chat button comes from the chat feature through the `chat` slot (the layout
 * passes it), since one feature never imports another's internals.
 */
export function LearnerTabBar({ showChat, workshopUrl, chat }: { showChat: boolean; workshopUrl: string | null; chat?: ReactNode }) {
  const tabs = learnerTabs(workshopUrl);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const current = tabs.find((tab) => !tab.external && (pathname === tab.to || pathname.startsWith(`${tab.to}/`))) ?? tabs[0]!;

  return (
    <div className="flex items-center gap-3 border-b border-base-300 bg-base-100 px-4 py-2 lg:px-8">
      <nav aria-label="Learner sections" className="hidden min-w-0 flex-1 lg:block">
        <ul className="flex flex-wrap items-center gap-1">
          {tabs.map((tab) => (
            <li key={tab.label}>
              <TabLink tab={tab} />
            </li>
          ))}
        </ul>
      </nav>
      <div className="relative min-w-0 flex-1 lg:hidden">
        <button
          type="button"
          className="btn btn-ghost btn-sm h-auto min-h-8 w-full justify-between border-base-300 py-1 text-left whitespace-normal"
          aria-haspopup="true"
          aria-expanded={menuOpen}
          aria-controls="learner-sections-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {/* Wraps rather than being cut (wider text spacing on a narrow screen, WCAG 1.4.12). */}
          <span className="min-w-0">{current.label}</span>
          <span aria-hidden="true">▾</span>
        </button>
        {menuOpen ? (
          <nav id="learner-sections-menu" aria-label="Learner sections" className="absolute inset-x-0 top-full z-30 mt-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
            <ul className="menu w-full p-0">
              {tabs.map((tab) => (
                <li key={tab.label}>
                  <TabLink tab={tab} onSelect={() => setMenuOpen(false)} />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
      {showChat ? chat : null}
    </div>
  );
}

function TabLink({ tab, onSelect }: { tab: Tab; onSelect?: () => void }) {
  const content = (
    <>
      {tab.label}
      {tab.isNew ? <Badge variant="secondary" size="xs">NEW</Badge> : null}
      {tab.external ? <span aria-hidden="true">↗</span> : null}
    </>
  );
  if (tab.external) {
    return (
      <a href={tab.to} target="_blank" rel="noopener noreferrer" onClick={onSelect} className="btn btn-ghost btn-sm font-medium">
        {content}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <NavLink to={tab.to} end onClick={onSelect} className={({ isActive }) => `btn btn-sm font-medium ${isActive ? 'btn-active text-primary' : 'btn-ghost'}`}>
      {content}
    </NavLink>
  );
}
