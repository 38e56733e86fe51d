import { Suspense, useState } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { env } from '../../config/env';
import { useLogout } from '../../features/auth/api/logout';
import { ChatLauncher } from '../../features/chat/components/chat-launcher';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { LearnerSidebar } from '../../features/learner-shell/components/learner-sidebar';
import { LearnerTabBar } from '../../features/learner-shell/components/learner-tab-bar';
import { ProfileCompletenessGuard, ProfileCompletionPrompt } from '../../features/profile/components/profile-completeness-guard';
import { useCurrentUser } from '../../shared/api/get-current-user';
import { Brand } from '../../shared/ui/brand';
import { Drawer } from '../../shared/ui/drawer';
import { PageSkeleton } from '../../shared/ui/loader';
import { MainContent, SkipLink } from '../../shared/ui/skip-link';
import { WalletBalanceButton } from '../../features/wallet/components/wallet-balance-button';
import { hasSession } from '../../shared/lib/session';

/** The shell is skipped when isSubscribed=false is in the query, or on /AICourses/{id}. */
export function skipsShell(pathname: string, search: URLSearchParams): boolean {
  return search.get('isSubscribed') === 'false' || /^\/AICourses\/[^/]+/.test(pathname);
}

/** The private learner layout: sidebar (drawer below lg) and, on /learner pages, the top tab bar. */
export function LearnerLayout() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const hasToken = hasSession('learner');
  const hasPeerToken = hasSession('peer');
  const role = hasToken ? 'learner' : 'peer';
  const { data: user } = useCurrentUser(role, hasToken || hasPeerToken);
  const logout = useLogout(role);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const page = (
    <Suspense fallback={<PageSkeleton />}>
      <Outlet />
    </Suspense>
  );
  if (skipsShell(pathname, search)) return <MainContent className="min-h-screen">{page}</MainContent>;

  const sidebar = (onNavigate?: () => void) => (
    <LearnerSidebar
      user={user ?? null}
      hasToken={hasToken}
      hasPeerToken={hasPeerToken}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
      onNavigate={onNavigate}
    />
  );
  const onLearnerPages = hasToken && (pathname === '/learner' || pathname.startsWith('/learner/'));

  return (
    <div className="min-h-screen bg-base-200/50 lg:flex">
      <SkipLink />
      {/* Its foot (Logout) keeps clear of the offline bar (offline-notice.tsx) while it shows. */}
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 border-r border-base-300 bg-base-100 pb-[var(--offline-bar-height,0px)] lg:block">{sidebar()}</aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-base-300 bg-base-100 px-3 sm:gap-3 sm:px-4 lg:px-8">
          <button type="button" className="btn btn-ghost btn-square btn-sm lg:hidden" aria-label="Open menu" aria-haspopup="dialog" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
            <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
              <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <span className="lg:hidden">
            {/* Below 360 px the logo alone leaves room for the bell and the wallet (WCAG 1.4.10 at 320 px). */}
            <Brand to={hasToken ? '/learner' : '/peer-learning/dashboard'} wordClassName="max-[359px]:hidden" />
          </span>
          <div className="ml-auto flex items-center gap-1">
            {/* The bell of the session this shell runs under: the learner's, else the peer learner's. */}
            {hasToken || hasPeerToken ? <NotificationBell role={role} timeZone={user?.timezone} /> : null}
            {hasToken ? <WalletBalanceButton /> : null}
          </div>
        </header>
        {onLearnerPages ? <LearnerTabBar showChat={!user?.isNewCurriculum} workshopUrl={env.workshopUrl} chat={<ChatLauncher audience="learner" />} /> : null}
        <MainContent className="flex-1 p-4 lg:p-8">
          <div className="mx-auto max-w-6xl">
            {/* Profile completeness guard, applied to the completion prompt only (see the guard). */}
            {hasToken && user && pathname !== '/user/profile' ? (
              <ProfileCompletenessGuard user={user}>
                <ProfileCompletionPrompt user={user} />
              </ProfileCompletenessGuard>
            ) : null}
            {page}
          </div>
        </MainContent>
      </div>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title="Learner menu" side="left" widthPx={300} hideTitle>
        {sidebar(() => setDrawerOpen(false))}
      </Drawer>
    </div>
  );
}
