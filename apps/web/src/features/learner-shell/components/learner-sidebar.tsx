import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { UserRecord } from '@parley/domain/user';
import { Brand } from '../../../shared/ui/brand';
import { Icon } from '../../../shared/ui/icon';
import { getItem } from '../../../shared/lib/storage';
import { groupHoldsPath, sidebarGroups } from '../lib/sidebar-groups';

type LearnerSidebarProps = {
  user: UserRecord | null;
  hasToken: boolean;
  hasPeerToken: boolean;
  onLogout: () => void;
  /** Called after a link is followed (the mobile drawer closes). */
  onNavigate?: () => void;
  loggingOut?: boolean;
};

/**
 * Learner sidebar: collapsible groups (the ones the learner does not use start folded, unless
 * they hold the page shown) and a Logout item that stays on screen while the groups scroll.
 */
export function LearnerSidebar({ user, hasToken, hasPeerToken, onLogout, onNavigate, loggingOut }: LearnerSidebarProps) {
  const { pathname } = useLocation();
  const groups = sidebarGroups({ user, hasToken, hasPeerToken, hasKids: (getItem('CHILDREN')?.length ?? 0) > 0 });
  // What the learner opened or folded themselves; otherwise a group follows inUse and the page.
  const [collapsed, setCollapsed] = useState<Record<string, boolean>>({});
  return (
    <nav aria-label="Learner menu" className="flex h-full flex-col p-4">
      <div className="mb-2 shrink-0 px-2">
        <Brand to={hasToken ? '/learner' : '/peer-learning/dashboard'} />
      </div>
      <div className="-mx-1 flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto px-1">
        {groups.map((group) => {
          const isCollapsed = collapsed[group.id] ?? !(group.inUse || groupHoldsPath(group, pathname));
          const listId = `sidebar-group-${group.id}`;
          return (
            <section key={group.id} aria-label={group.label}>
              <button
                type="button"
                className="flex w-full items-center justify-between rounded-field px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-base-content/60 hover:bg-base-200"
                aria-expanded={!isCollapsed}
                aria-controls={listId}
                onClick={() => setCollapsed((state) => ({ ...state, [group.id]: !isCollapsed }))}
              >
                {group.label}
                <span aria-hidden="true" className={`transition-transform ${isCollapsed ? '-rotate-90' : ''}`}>
                  ▾
                </span>
              </button>
              {isCollapsed ? null : (
                <ul id={listId} className="menu w-full p-0">
                  {group.items.map((item) => (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        end
                        onClick={onNavigate}
                        className={({ isActive }) => (isActive ? 'bg-primary/10 font-semibold text-primary' : 'text-base-content/80')}
                      >
                        <Icon name={item.icon} className="size-[1.15rem]" />
                        {item.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      <div className="mt-2 shrink-0 border-t border-base-300 pt-3">
        <button type="button" className="btn btn-ghost w-full justify-start text-error" onClick={onLogout} disabled={loggingOut}>
          <Icon name="logout" className="size-[1.15rem]" /> Logout
        </button>
      </div>
    </nav>
  );
}
