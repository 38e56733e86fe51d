import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Brand } from '../../shared/ui/brand';
import { PageSkeleton } from '../../shared/ui/loader';
import { MainContent, SkipLink } from '../../shared/ui/skip-link';

/**
 * The live classroom's layout, for learners, kids and tutors alike: the wordmark and the class,
 * without the marketing header and footer (nothing to wander off to in the middle of a class).
 */
export function CallLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <header className="border-b border-base-300 bg-base-100">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 lg:px-8">
          <Brand />
        </div>
      </header>
      <MainContent className="flex-1">
        <Suspense fallback={<PageSkeleton className="min-h-screen" />}>
          <Outlet />
        </Suspense>
      </MainContent>
    </div>
  );
}
