import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LandingFooter } from '../../features/landing/components/landing-footer';
import { LandingHeader } from '../../features/landing/components/landing-header';
import { PageSkeleton } from '../../shared/ui/loader';

/** The public layout: the landing header and footer around the page. */
export function PublicLayout({ variant = 'default' }: { variant?: 'default' | 'affiliate' }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="btn btn-sm btn-primary sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50">
        Skip to content
      </a>
      <LandingHeader variant={variant} />
      <main id="main" className="flex-1">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <LandingFooter />
    </div>
  );
}
