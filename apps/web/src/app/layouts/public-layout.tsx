import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LandingFooter } from '../../features/landing/components/landing-footer';
import { LandingHeader } from '../../features/landing/components/landing-header';
import { PageSkeleton } from '../../shared/ui/loader';
import { PageHydrated } from '../page-hydration';
import { MainContent, SkipLink } from '../../shared/ui/skip-link';

/** The public layout: the landing header and footer around the page (the route's, or `children`). */
export function PublicLayout({ variant = 'default', children }: { variant?: 'default' | 'affiliate'; children?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink />
      <LandingHeader variant={variant} />
      <MainContent className="flex-1">
        {/* As tall as the screen, so the footer starts below the fold and doesn't shift when the page arrives. */}
        <Suspense fallback={<PageSkeleton className="min-h-screen" />}>
          {children ?? <Outlet />}
          <PageHydrated />
        </Suspense>
      </MainContent>
      <LandingFooter />
    </div>
  );
}
